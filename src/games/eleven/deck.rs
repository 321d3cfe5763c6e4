//! Eleven's card files: eight decks under `card_data/eleven/`, read into
//! typed cards and validated (`docs/eleven.md` describes every field).
//!
//! The files are read straight into the public card types; a syntax or type
//! error comes back from the TOML reader with its position, to which the
//! loader adds the card and field around it. Rules the types cannot express
//! (counts, ranges, jersey numbers, Formations, the effect ops' parameters)
//! are checked afterwards, each error located at its card and field. The
//! effect vocabulary and the pitch names are the engine's
//! (`games::eleven`), so what loads here is what the Matchday
//! engine plays.

use crate::cards::{DataError, DataErrors, DataSource, parse_toml};
use crate::games::eleven::effect::{Condition, Effect, EffectBlock};
use crate::games::eleven::matchday::{OpponentTeam, SourcedBlock, SquadPlayer, Tokens};
use crate::games::eleven::season::SoloScenario;
use crate::games::eleven::vocab::{
    Colour, Experience, Formation, Keeper, Line, OpponentLine, PlayerKind, Side, StaffSet, Stat,
    Task, Timing, Zone,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The Player cards file.
pub const PLAYERS_FILE: &str = "eleven/players.toml";
/// The Staff cards file.
pub const STAFF_FILE: &str = "eleven/staff.toml";
/// The Sponsor cards file.
pub const SPONSORS_FILE: &str = "eleven/sponsors.toml";
/// The Tactic cards file.
pub const TACTICS_FILE: &str = "eleven/tactics.toml";
/// The Objective cards file.
pub const OBJECTIVES_FILE: &str = "eleven/objectives.toml";
/// The Director cards file.
pub const DIRECTORS_FILE: &str = "eleven/directors.toml";
/// The Board Meeting cards file.
pub const BOARD_MEETINGS_FILE: &str = "eleven/board_meetings.toml";
/// The Opponent clubs, dice and cards file.
pub const OPPONENTS_FILE: &str = "eleven/opponents.toml";

/// Every Eleven file, in the order `check` reports them.
pub const FILES: [&str; 8] = [
    PLAYERS_FILE,
    STAFF_FILE,
    SPONSORS_FILE,
    TACTICS_FILE,
    OBJECTIVES_FILE,
    DIRECTORS_FILE,
    BOARD_MEETINGS_FILE,
    OPPONENTS_FILE,
];

/// One side of a double-sided Player card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSide {
    /// Cash to Hire (1-4).
    pub hire_cost: u8,
    /// Attack, defence or goalkeeper.
    pub task: Task,
    /// Zones the Jersey marker may stand in (`[goal]` for Goalkeepers).
    pub zones: Vec<Zone>,
    /// Strength 0-4.
    pub strength: u8,
    /// Goalkeepers only: shots blocked (1-3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saves: Option<u8>,
    /// Jersey number: 1 for Goalkeepers, 2-11 printed markers, 12+
    /// unnumbered; none on an Untrained Youngster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jersey: Option<u8>,
    /// The Player's name.
    pub name: String,
    /// The Tag.
    pub tag: String,
    /// 0 or 1 effect block with a Match timing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<EffectBlock>,
    /// Trained Youngsters: Experience spaces.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub experience: Vec<Experience>,
}

/// A Player card (regular, Youngster or Veteran), both sides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCard {
    /// `player-NN`, `youngster-NN` or `veteran-NN`.
    pub id: String,
    /// Which Player deck.
    pub kind: PlayerKind,
    /// The side gained.
    pub untrained: PlayerSide,
    /// The side after Training.
    pub trained: PlayerSide,
}

impl PlayerCard {
    /// The side faceup.
    pub fn side(&self, side: Side) -> &PlayerSide {
        match side {
            Side::Untrained => &self.untrained,
            Side::Trained => &self.trained,
        }
    }

    /// The card as the Matchday engine sees it, `side` faceup with `tokens`.
    pub fn squad_player(&self, side: Side, tokens: Tokens) -> SquadPlayer {
        let s = self.side(side);
        SquadPlayer {
            id: self.id.clone(),
            name: s.name.clone(),
            kind: self.kind,
            side,
            task: s.task,
            zones: s.zones.clone(),
            strength: s.strength,
            saves: s.saves.unwrap_or(0),
            jersey: s.jersey,
            abilities: s.abilities.clone(),
            tokens,
            experience: s.experience.clone(),
            experience_filled: vec![false; s.experience.len()],
        }
    }
}

/// A Staff card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaffCard {
    /// `staff-NN`.
    pub id: String,
    /// The Staff member's name.
    pub name: String,
    /// First Trainers: the portrait on the other side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alt_name: Option<String>,
    /// One of the 4 First Trainers dealt at setup.
    #[serde(default)]
    pub first_trainer: bool,
    /// The printed profession.
    pub profession: String,
    /// The set it scores with.
    pub set: StaffSet,
    /// The set's colour.
    pub colour: Colour,
    /// Cash to Hire (0 for First Trainers).
    pub hire_cost: u8,
    /// Shuffled in with at least this many players (1-4).
    pub min_players: u8,
    /// VP for 1, 2, 3, ... cards of the set; the last is the maximum.
    pub set_vp: Vec<u32>,
    /// Bonus, action, feature or production blocks.
    #[serde(default)]
    pub abilities: Vec<EffectBlock>,
}

/// The contract side of a Sponsor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorFront {
    /// The Sponsor's name.
    pub name: String,
    /// Flavour.
    pub description: String,
    /// Effects of a one-off contract.
    pub one_off: Vec<EffectBlock>,
    /// Effects of an Adboard contract.
    pub adboard: Vec<EffectBlock>,
    /// Effects of a Kit contract.
    pub kit: Vec<EffectBlock>,
    /// The additional Bonus.
    pub bonus: Vec<EffectBlock>,
}

/// The Sponsor Kit side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorBack {
    /// The Sponsor as shown on the Kit.
    pub name: String,
    /// Logo lettering and slogan.
    pub logo: String,
}

/// A double-sided Sponsor card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SponsorCard {
    /// `sponsor-NN`.
    pub id: String,
    /// The contract side.
    pub front: SponsorFront,
    /// The Kit side.
    pub back: SponsorBack,
}

/// A Tactic card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TacticCard {
    /// `tactic-NN`.
    pub id: String,
    /// The card name.
    pub name: String,
    /// One of the 4 basic Tactics.
    pub basic: bool,
    /// Flavour.
    pub description: String,
    /// 2 Formations (basic) or 1 (advanced).
    pub formations: Vec<Formation>,
    /// Advanced only: the `during_match` effect.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<EffectBlock>,
}

/// When an Objective may be fulfilled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveCheck {
    /// As soon as the goal holds.
    Anytime,
    /// Right after a Match's final score.
    AfterMatch,
    /// After the last Match.
    EndOfGame,
}

/// An Objective card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveCard {
    /// `objective-NN`.
    pub id: String,
    /// The card name.
    pub name: String,
    /// Flavour.
    pub description: String,
    /// When it may be fulfilled.
    pub check: ObjectiveCheck,
    /// The Objective.
    pub goal: Condition,
    /// The additional condition for a perfect fulfilment.
    pub perfect: Condition,
    /// VP for fulfilling.
    pub vp: u8,
    /// Additional VP for a perfect fulfilment.
    pub perfect_vp: u8,
}

/// A Director's votes: the die faces for each decision colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Votes {
    /// Faces voting yellow.
    #[serde(default)]
    pub yellow: Vec<u8>,
    /// Faces voting blue.
    #[serde(default)]
    pub blue: Vec<u8>,
    /// Faces voting red.
    #[serde(default)]
    pub red: Vec<u8>,
}

/// A Director card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectorCard {
    /// `director-NN`.
    pub id: String,
    /// The card name.
    pub name: String,
    /// Flavour.
    pub description: String,
    /// Board Meeting votes.
    pub votes: Votes,
    /// Stat changes after the draft (-2..2).
    #[serde(default)]
    pub stats: BTreeMap<Stat, i8>,
    /// 1-2 blocks (bonus, action, feature, production).
    pub abilities: Vec<EffectBlock>,
}

/// A Board Meeting card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardMeetingCard {
    /// `board-NN`.
    pub id: String,
    /// The card name.
    pub name: String,
    /// Flavour.
    pub description: String,
    /// The yellow decision.
    pub yellow: Vec<EffectBlock>,
    /// The blue decision.
    pub blue: Vec<EffectBlock>,
    /// The red decision.
    pub red: Vec<EffectBlock>,
}

/// An Opponent deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Division {
    /// Deck "3": the easier clubs of Division 3.
    #[serde(rename = "3")]
    Three,
    /// Deck "3/2".
    #[serde(rename = "3/2")]
    ThreeTwo,
    /// Deck "2/1".
    #[serde(rename = "2/1")]
    TwoOne,
    /// Deck "1": the advanced clubs of Division 1.
    #[serde(rename = "1")]
    One,
}

impl Division {
    /// All four decks, easiest first.
    pub const ALL: [Division; 4] = [
        Division::Three,
        Division::ThreeTwo,
        Division::TwoOne,
        Division::One,
    ];

    /// The printed name.
    pub fn label(self) -> &'static str {
        match self {
            Division::Three => "3",
            Division::ThreeTwo => "3/2",
            Division::TwoOne => "2/1",
            Division::One => "1",
        }
    }

    /// The two decks (easier, advanced) used when playing in Division
    /// `played` (1-3).
    pub fn decks_for(played: u8) -> Option<(Division, Division)> {
        match played {
            3 => Some((Division::Three, Division::ThreeTwo)),
            2 => Some((Division::ThreeTwo, Division::TwoOne)),
            1 => Some((Division::TwoOne, Division::One)),
            _ => None,
        }
    }
}

/// An Opponent club (its Team marker and the emblem on its cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentClub {
    /// Referenced by the cards.
    pub id: String,
    /// The club name.
    pub name: String,
    /// The emblem artwork.
    pub emblem: String,
    /// The deck its cards belong to.
    pub division: Division,
    /// The Opponent die rolled for it.
    pub die: Colour,
}

/// An Opponent die: League table steps per face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentDie {
    /// Its colour.
    pub colour: Colour,
    /// Six faces, each 0, 1 or 3.
    pub faces: Vec<u8>,
}

/// An Opponent card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpponentCard {
    /// `opponent-NN`.
    pub id: String,
    /// The club id.
    pub club: String,
    /// The Scout Report Formation, "D-M-F".
    pub formation: String,
    /// The Scout Report.
    pub scout_report: String,
    /// The Goalkeeper.
    pub goalkeeper: Keeper,
    /// Their defence line.
    pub defence: OpponentLine,
    /// Their midfield line.
    pub midfield: OpponentLine,
    /// Their forward line.
    pub forward: OpponentLine,
}

impl OpponentCard {
    /// The card as the Matchday engine sees it, named `club_name`.
    pub fn team(&self, club_name: &str) -> OpponentTeam {
        OpponentTeam {
            name: club_name.to_string(),
            keeper: self.goalkeeper,
            defence: self.defence.clone(),
            midfield: self.midfield.clone(),
            forward: self.forward.clone(),
        }
    }

    /// One of the three lines.
    pub fn line(&self, line: Line) -> &OpponentLine {
        match line {
            Line::Defence => &self.defence,
            Line::Midfield => &self.midfield,
            Line::Forward => &self.forward,
        }
    }
}

/// Every Eleven deck, validated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ElevenDecks {
    /// 62 Player cards: 36 regular, 18 Youngsters, 8 Veterans.
    pub players: Vec<PlayerCard>,
    /// 36 Staff cards.
    pub staff: Vec<StaffCard>,
    /// 36 Sponsors.
    pub sponsors: Vec<SponsorCard>,
    /// 12 Tactics.
    pub tactics: Vec<TacticCard>,
    /// 12 Objectives.
    pub objectives: Vec<ObjectiveCard>,
    /// 16 Directors.
    pub directors: Vec<DirectorCard>,
    /// 36 Board Meeting cards.
    pub board_meetings: Vec<BoardMeetingCard>,
    /// 16 Opponent clubs.
    pub clubs: Vec<OpponentClub>,
    /// 3 Opponent dice.
    pub dice: Vec<OpponentDie>,
    /// 64 Opponent cards.
    pub opponents: Vec<OpponentCard>,
}

// ----- file shapes -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile<T> {
    #[serde(default = "Vec::new")]
    card: Vec<T>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpponentsFile {
    #[serde(default)]
    die: Vec<OpponentDie>,
    #[serde(default)]
    club: Vec<OpponentClub>,
    #[serde(default)]
    card: Vec<OpponentCard>,
}

/// One file's text, for locating errors.
struct Located<'a> {
    name: &'a str,
    text: &'a str,
}

impl Located<'_> {
    /// An error at `card`'s `path` (e.g. `trained.strength`), located by
    /// searching the text: the card's `id = "..."` line, then each path
    /// segment as a table header or a key after it.
    fn err(&self, card: &str, path: &str, message: impl Into<String>) -> DataError {
        let mut e = DataError::file(self.name, message).card(card.to_string());
        if !path.is_empty() {
            e = e.field(path.to_string());
        }
        match locate(self.text, card, path) {
            Some(at) => e.at(self.text, at),
            None => e,
        }
    }

    /// An error about the whole file.
    fn file(&self, message: impl Into<String>) -> DataError {
        DataError::file(self.name, message)
    }
}

/// Byte offsets of the starts of lines from `from` on.
fn lines_from(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let start = from.min(text.len());
    let start = (0..=start)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let mut offset = start;
    text.get(start..)
        .unwrap_or("")
        .split_inclusive('\n')
        .map(move |l| {
            let at = offset;
            offset += l.len();
            (at, l)
        })
}

/// Where `card`'s `path` is written in `text`, if it can be found.
fn locate(text: &str, card: &str, path: &str) -> Option<usize> {
    let (card_at, _) = lines_from(text, 0).find(|(_, l)| {
        let t = l.trim();
        t.strip_prefix("id")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('='))
            .map(str::trim)
            .is_some_and(|v| v.trim_matches('"') == card)
    })?;
    // The card's region ends at the next top-level array table.
    let end = lines_from(text, card_at + 1)
        .skip(1)
        .find(|(_, l)| {
            let t = l.trim_start();
            t.starts_with("[[card]]")
                || t.starts_with("[[club]]")
                || t.starts_with("[[die]]")
                || t.starts_with("[[scenario]]")
        })
        .map_or(text.len(), |(at, _)| at);
    let mut pos = card_at;
    for seg in path.split('.').filter(|s| !s.is_empty()) {
        // `abilities[1]`: the second `[[card.abilities]]` table.
        let (seg, nth) = match seg.split_once('[') {
            Some((name, rest)) => (
                name,
                rest.trim_end_matches(']').parse::<usize>().unwrap_or(0),
            ),
            None => (seg, 0),
        };
        let mut matches = lines_from(text, pos)
            .take_while(|(at, _)| *at < end)
            .filter(|(at, l)| {
                let t = l.trim_start();
                let header = t.starts_with('[')
                    && (t.contains(&format!(".{seg}]")) || t.contains(&format!("[{seg}]")));
                let key = t
                    .strip_prefix(seg)
                    .is_some_and(|r| r.trim_start().starts_with('='));
                (header || key) && *at >= pos
            });
        // An inline array has one key for every entry: its first line.
        let first = matches.next();
        let found = matches.take(nth).last().or(first);
        match found {
            Some((at, l)) => pos = at + (l.len() - l.trim_start().len()),
            None => break,
        }
    }
    Some(pos)
}

/// Adds the card (the nearest `id = "..."` above) and the field (the key
/// of the line) to a TOML error located at `offset`.
fn enrich(mut e: DataError, text: &str) -> DataError {
    let Some(line) = e.line else {
        return e;
    };
    let lines: Vec<&str> = text.split('\n').collect();
    let upto = line.min(lines.len());
    let mut card = None;
    for l in lines.iter().take(upto).rev() {
        let t = l.trim();
        if let Some(v) = t
            .strip_prefix("id")
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix('='))
        {
            card = Some(v.trim().trim_matches('"').to_string());
            break;
        }
        if t.starts_with("[[club]]") || t.starts_with("[[die]]") {
            break;
        }
    }
    if let Some(c) = card {
        e = e.card(c);
    }
    if let Some(l) = lines.get(line.saturating_sub(1)) {
        let t = l.trim();
        if let Some((key, _)) = t.split_once('=') {
            let key = key.trim();
            if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                e = e.field(key.to_string());
            }
        } else if t.starts_with('[') {
            e = e.field(t.trim_matches(|c| c == '[' || c == ']').to_string());
        }
    }
    e
}

fn read<T: serde::de::DeserializeOwned>(
    source: &DataSource,
    rel: &str,
    errors: &mut Vec<DataError>,
) -> Option<(crate::cards::source::DataFile, T)> {
    let file = match source.read(rel) {
        Ok(f) => f,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    match parse_toml::<T>(&file.name, &file.text) {
        Ok(v) => Some((file, v)),
        Err(e) => {
            errors.push(enrich(e, &file.text));
            None
        }
    }
}

impl ElevenDecks {
    /// Loads and validates every Eleven deck from `source`; reports every
    /// problem found, each naming file, line, card and field.
    pub fn load(source: &DataSource) -> Result<ElevenDecks, DataErrors> {
        let mut errors = Vec::new();
        let players = read::<CardsFile<PlayerCard>>(source, PLAYERS_FILE, &mut errors);
        let staff = read::<CardsFile<StaffCard>>(source, STAFF_FILE, &mut errors);
        let sponsors = read::<CardsFile<SponsorCard>>(source, SPONSORS_FILE, &mut errors);
        let tactics = read::<CardsFile<TacticCard>>(source, TACTICS_FILE, &mut errors);
        let objectives = read::<CardsFile<ObjectiveCard>>(source, OBJECTIVES_FILE, &mut errors);
        let directors = read::<CardsFile<DirectorCard>>(source, DIRECTORS_FILE, &mut errors);
        let boards = read::<CardsFile<BoardMeetingCard>>(source, BOARD_MEETINGS_FILE, &mut errors);
        let opponents = read::<OpponentsFile>(source, OPPONENTS_FILE, &mut errors);
        let (
            Some((pf, players)),
            Some((sf, staff)),
            Some((spf, sponsors)),
            Some((tf, tactics)),
            Some((of, objectives)),
            Some((df, directors)),
            Some((bf, boards)),
            Some((opf, opponents)),
        ) = (
            players, staff, sponsors, tactics, objectives, directors, boards, opponents,
        )
        else {
            return Err(DataErrors(errors));
        };
        let at = |f: &crate::cards::source::DataFile| (f.name.clone(), f.text.clone());
        let mut ids: HashMap<String, String> = HashMap::new();
        let mut unique = |file: &Located, id: &str, errors: &mut Vec<DataError>| {
            if let Some(other) = ids.insert(id.to_string(), file.name.to_string()) {
                errors.push(file.err(id, "id", format!("id `{id}` is also used in {other}")));
            }
        };
        let (n, t) = at(&pf);
        let loc = Located { name: &n, text: &t };
        for c in &players.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_players(&loc, &players.card, &mut errors);
        let (n, t) = at(&sf);
        let loc = Located { name: &n, text: &t };
        for c in &staff.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_staff(&loc, &staff.card, &mut errors);
        let (n, t) = at(&spf);
        let loc = Located { name: &n, text: &t };
        for c in &sponsors.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_sponsors(&loc, &sponsors.card, &mut errors);
        let (n, t) = at(&tf);
        let loc = Located { name: &n, text: &t };
        for c in &tactics.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_tactics(&loc, &tactics.card, &mut errors);
        let (n, t) = at(&of);
        let loc = Located { name: &n, text: &t };
        for c in &objectives.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_objectives(&loc, &objectives.card, &mut errors);
        let (n, t) = at(&df);
        let loc = Located { name: &n, text: &t };
        for c in &directors.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_directors(&loc, &directors.card, &mut errors);
        let (n, t) = at(&bf);
        let loc = Located { name: &n, text: &t };
        for c in &boards.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_boards(&loc, &boards.card, &mut errors);
        let (n, t) = at(&opf);
        let loc = Located { name: &n, text: &t };
        for c in &opponents.card {
            unique(&loc, &c.id, &mut errors);
        }
        check_opponents(&loc, &opponents, &mut errors);
        if !errors.is_empty() {
            return Err(DataErrors(errors));
        }
        Ok(ElevenDecks {
            players: players.card,
            staff: staff.card,
            sponsors: sponsors.card,
            tactics: tactics.card,
            objectives: objectives.card,
            directors: directors.card,
            board_meetings: boards.card,
            clubs: opponents.club,
            dice: opponents.die,
            opponents: opponents.card,
        })
    }

    /// The embedded default decks (always valid: a test guards it).
    pub fn default_decks() -> Result<ElevenDecks, DataErrors> {
        ElevenDecks::load(&DataSource::embedded())
    }

    /// Card counts per deck, for summaries: (label, count).
    pub fn counts(&self) -> Vec<(&'static str, usize)> {
        let kind = |k: PlayerKind| self.players.iter().filter(|p| p.kind == k).count();
        vec![
            ("players", kind(PlayerKind::Regular)),
            ("youngsters", kind(PlayerKind::Youngster)),
            ("veterans", kind(PlayerKind::Veteran)),
            ("staff", self.staff.len()),
            ("sponsors", self.sponsors.len()),
            ("tactics", self.tactics.len()),
            ("objectives", self.objectives.len()),
            ("directors", self.directors.len()),
            ("board meetings", self.board_meetings.len()),
            ("opponents", self.opponents.len()),
        ]
    }

    /// Every card in all decks.
    pub fn total(&self) -> usize {
        self.counts().iter().map(|(_, n)| n).sum()
    }

    /// A Player card by id.
    pub fn player(&self, id: &str) -> Option<&PlayerCard> {
        self.players.iter().find(|p| p.id == id)
    }

    /// A Tactic card by id.
    pub fn tactic(&self, id: &str) -> Option<&TacticCard> {
        self.tactics.iter().find(|p| p.id == id)
    }

    /// An Opponent card by id.
    pub fn opponent(&self, id: &str) -> Option<&OpponentCard> {
        self.opponents.iter().find(|p| p.id == id)
    }

    /// An Opponent club by id.
    pub fn club(&self, id: &str) -> Option<&OpponentClub> {
        self.clubs.iter().find(|c| c.id == id)
    }

    /// The Opponent as the Matchday engine sees it (named after its club).
    pub fn opponent_team(&self, card: &OpponentCard) -> OpponentTeam {
        let name = self
            .club(&card.club)
            .map_or(card.club.as_str(), |c| c.name.as_str());
        card.team(name)
    }

    /// A Tactic's effect as the Matchday engine plays it (advanced Tactics).
    pub fn tactic_effect(&self, tactic: &TacticCard) -> Option<SourcedBlock> {
        tactic.abilities.first().map(|b| SourcedBlock {
            source: tactic.id.clone(),
            block: b.clone(),
        })
    }

    /// The die of a club.
    pub fn die(&self, colour: Colour) -> Option<&OpponentDie> {
        self.dice.iter().find(|d| d.colour == colour)
    }

    /// The Opponent cards of one deck.
    pub fn opponent_deck(&self, division: Division) -> Vec<&OpponentCard> {
        self.opponents
            .iter()
            .filter(|o| self.club(&o.club).is_some_and(|c| c.division == division))
            .collect()
    }
}

fn count_is(loc: &Located, what: &str, found: usize, want: usize, errors: &mut Vec<DataError>) {
    if found != want {
        errors.push(loc.file(format!("the deck needs {want} {what}, found {found}")));
    }
}

fn range(
    loc: &Located,
    card: &str,
    field: &str,
    v: i64,
    lo: i64,
    hi: i64,
    errors: &mut Vec<DataError>,
) {
    if v < lo || v > hi {
        errors.push(loc.err(card, field, format!("must be {lo}-{hi}, found {v}")));
    }
}

fn prefix(loc: &Located, id: &str, want: &[&str], errors: &mut Vec<DataError>) {
    let ok = want.iter().any(|p| {
        id.strip_prefix(p)
            .and_then(|r| r.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    });
    if !ok {
        let forms: Vec<String> = want.iter().map(|p| format!("`{p}-NN`")).collect();
        errors.push(loc.err(
            id,
            "id",
            format!("`{id}` must look like {}", forms.join(" or ")),
        ));
    }
}

fn not_empty(loc: &Located, card: &str, field: &str, v: &str, errors: &mut Vec<DataError>) {
    if v.trim().is_empty() {
        errors.push(loc.err(card, field, "must not be empty"));
    }
}

/// The field of block `i` of the `len` blocks at `field`: indexed
/// (`abilities[1]`) when there is more than one.
fn nth(field: &str, i: usize, len: usize) -> String {
    if len > 1 {
        format!("{field}[{i}]")
    } else {
        field.to_string()
    }
}

/// Checks one effect block: allowed timings, cost, condition, every op's
/// parameters, and a printed `text` against the generated sentence.
fn check_block(
    loc: &Located,
    card: &str,
    field: &str,
    b: &EffectBlock,
    timings: &[Timing],
    errors: &mut Vec<DataError>,
) {
    if !timings.contains(&b.timing) {
        let allowed: Vec<&str> = timings.iter().map(|t| timing_key(*t)).collect();
        errors.push(loc.err(
            card,
            &format!("{field}.timing"),
            format!(
                "`{}` is not allowed here; use {}",
                timing_key(b.timing),
                allowed.join(", ")
            ),
        ));
    }
    for (r, n) in &b.cost {
        if !(1..=4).contains(n) {
            errors.push(loc.err(
                card,
                &format!("{field}.cost"),
                format!("{} must be 1-4, found {n}", r.key()),
            ));
        }
    }
    if let Some(c) = &b.condition {
        check_condition(loc, card, &format!("{field}.condition"), c, true, errors);
    }
    if b.effects.is_empty() {
        errors.push(loc.err(card, &format!("{field}.effects"), "needs at least one op"));
    }
    for e in b.all_effects() {
        check_op(loc, card, &format!("{field}.effects"), e, b.timing, errors);
    }
    if let Some(text) = &b.text {
        let generated = b.generated();
        let header = format!("{}:", b.timing.header());
        if !text.starts_with(&header) {
            errors.push(loc.err(
                card,
                &format!("{field}.text"),
                format!("the printed text must start with `{header}` (generated: \"{generated}\")"),
            ));
        }
        for n in numbers(&generated) {
            if !numbers(text).contains(&n) {
                errors.push(loc.err(
                    card,
                    &format!("{field}.text"),
                    format!(
                        "the printed text lacks the number {n} of the effect (generated: \"{generated}\")"
                    ),
                ));
            }
        }
    }
}

/// Signed numbers written in a sentence ("+1", "-1", "2").
fn numbers(s: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in s.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || ((ch == '-' || ch == '+') && cur.is_empty()) {
            cur.push(ch);
        } else {
            if let Ok(n) = cur.parse::<i64>() {
                out.push(n);
            }
            cur.clear();
        }
    }
    out
}

fn timing_key(t: Timing) -> &'static str {
    match t {
        Timing::BeforeMatch => "before_match",
        Timing::DuringMatch => "during_match",
        Timing::AfterMatch => "after_match",
        Timing::Action => "action",
        Timing::Bonus => "bonus",
        Timing::Feature => "feature",
        Timing::Production => "production",
    }
}

fn check_condition(
    loc: &Located,
    card: &str,
    field: &str,
    c: &Condition,
    comparator: bool,
    errors: &mut Vec<DataError>,
) {
    use crate::games::eleven::effect::{Equals, Quantity};
    let n = c.comparators();
    if comparator && n != 1 {
        errors.push(loc.err(
            card,
            field,
            format!("a condition needs exactly one of at_least, at_most, equals; found {n}"),
        ));
    }
    if !comparator && n != 0 {
        errors.push(loc.err(card, field, "a multiplier takes no comparator"));
    }
    if (c.quantity == Quantity::Stat) != c.stat.is_some() {
        errors.push(loc.err(
            card,
            field,
            "`stat` is needed with quantity \"stat\" and only there",
        ));
    }
    let result_compare = matches!(c.equals, Some(Equals::Result(_)));
    if result_compare != (c.quantity == Quantity::MatchResult && c.equals.is_some()) {
        errors.push(loc.err(
            card,
            field,
            "match_result compares with equals = \"win\" | \"draw\" | \"loss\"; other quantities with numbers",
        ));
    }
}

fn check_op(
    loc: &Located,
    card: &str,
    field: &str,
    e: &Effect,
    timing: Timing,
    errors: &mut Vec<DataError>,
) {
    let mut bad = |msg: String| {
        errors.push(loc.err(card, field, format!("op `{}`: {msg}", e.op())));
    };
    match e {
        Effect::Gain {
            amount, per, max, ..
        } => {
            if !(1..=10).contains(amount) {
                bad(format!("amount must be 1-10, found {amount}"));
            }
            if max.is_some() && per.is_none() {
                bad("max needs per".into());
            }
            if let Some(p) = per
                && p.comparators() != 0
            {
                bad("per is a quantity without a comparator".into());
            }
        }
        Effect::Lose { amount, .. } => {
            if !(1..=10).contains(amount) {
                bad(format!("amount must be 1-10, found {amount}"));
            }
        }
        Effect::MoveStat { by, .. } => {
            if !(-2..=2).contains(by) || *by == 0 {
                bad(format!("by must be -2..2 and not 0, found {by}"));
            }
        }
        Effect::Draw { count, keep, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
            if let Some(k) = keep
                && (*k < 1 || k > count)
            {
                bad(format!("keep must be 1-{count}, found {k}"));
            }
        }
        Effect::PlaceToken { amount, .. } | Effect::RemoveToken { amount, .. } => {
            if !(1..=3).contains(amount) {
                bad(format!("amount must be 1-3, found {amount}"));
            }
        }
        Effect::Train { count, .. } => {
            if let Some(c) = count
                && !(1..=3).contains(c)
            {
                bad(format!("count must be 1-3, found {c}"));
            }
        }
        Effect::ScoreGoal { count, .. } | Effect::CancelGoal { count, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
            if !timing.is_match() {
                bad("goals change only in a Match timing".into());
            }
        }
        Effect::AdjustOpponent { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
            if !timing.is_match() {
                bad("the Opponent card exists only in a Match timing".into());
            }
        }
        Effect::RollDie {
            sides,
            at_least,
            at_most,
            even,
            odd,
            ..
        } => {
            if *sides != 6 && *sides != 12 {
                bad(format!("sides must be 6 or 12, found {sides}"));
            }
            let tests = usize::from(at_least.is_some() || at_most.is_some())
                + usize::from(*even)
                + usize::from(*odd);
            if tests != 1 {
                bad("needs exactly one test: at_least / at_most, even or odd".into());
            }
            for v in [at_least, at_most].into_iter().flatten() {
                if *v < 1 || v > sides {
                    bad(format!("{v} is not a face of a {sides}-sided die"));
                }
            }
        }
        Effect::If { condition, .. } => {
            check_condition(loc, card, field, condition, true, errors);
        }
        Effect::Choose { options } => {
            if options.len() < 2 || options.iter().any(|o| o.effects.is_empty()) {
                bad("needs 2 or more non-empty options".into());
            }
        }
        Effect::May { then, cost } => {
            if then.is_empty() {
                bad("needs ops in then".into());
            }
            if cost.values().any(|n| !(1..=4).contains(n)) {
                bad("cost values must be 1-4".into());
            }
        }
        Effect::Modify { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
        }
        Effect::FlipJersey { count } | Effect::MoveJersey { count } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
        }
        Effect::DiscardCard { count, .. } | Effect::Unexhaust { count, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
        }
        Effect::MoveLeague { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
        }
        Effect::BasicAction { .. } => {}
    }
}

const MATCH_TIMINGS: [Timing; 3] = [Timing::BeforeMatch, Timing::DuringMatch, Timing::AfterMatch];
const CLUB_TIMINGS: [Timing; 4] = [
    Timing::Bonus,
    Timing::Action,
    Timing::Feature,
    Timing::Production,
];

fn check_side(loc: &Located, card: &PlayerCard, side: Side, errors: &mut Vec<DataError>) {
    let s = card.side(side);
    let id = card.id.as_str();
    let f = |name: &str| {
        let side = match side {
            Side::Untrained => "untrained",
            Side::Trained => "trained",
        };
        format!("{side}.{name}")
    };
    range(loc, id, &f("hire_cost"), s.hire_cost.into(), 1, 4, errors);
    range(loc, id, &f("strength"), s.strength.into(), 0, 4, errors);
    not_empty(loc, id, &f("name"), &s.name, errors);
    let keeper = s.task == Task::Goalkeeper;
    match (keeper, s.saves) {
        (true, Some(n)) => range(loc, id, &f("saves"), n.into(), 1, 3, errors),
        (true, None) => errors.push(loc.err(id, &f("saves"), "a Goalkeeper needs saves (1-3)")),
        (false, Some(_)) => errors.push(loc.err(id, &f("saves"), "only Goalkeepers have saves")),
        (false, None) => {}
    }
    if keeper {
        if s.zones != [Zone::Goal] {
            errors.push(loc.err(id, &f("zones"), "a Goalkeeper's zones must be [\"goal\"]"));
        }
        if s.jersey != Some(1) {
            errors.push(loc.err(id, &f("jersey"), "a Goalkeeper wears Jersey number 1"));
        }
    } else {
        if s.zones.is_empty() {
            errors.push(loc.err(id, &f("zones"), "needs at least one Zone"));
        }
        if s.zones.contains(&Zone::Goal) {
            errors.push(loc.err(id, &f("zones"), "only Goalkeepers stand in the goal"));
        }
        let distinct: HashSet<&Zone> = s.zones.iter().collect();
        if distinct.len() != s.zones.len() {
            errors.push(loc.err(id, &f("zones"), "lists a Zone twice"));
        }
        let youngster_face = card.kind == PlayerKind::Youngster && side == Side::Untrained;
        match (youngster_face, s.jersey) {
            (true, Some(_)) => errors.push(loc.err(
                id,
                &f("jersey"),
                "an Untrained Youngster has no Jersey number (unnumbered marker)",
            )),
            (false, None) => errors.push(loc.err(id, &f("jersey"), "needs a Jersey number (2-99)")),
            (_, Some(n)) => range(loc, id, &f("jersey"), n.into(), 2, 99, errors),
            (true, None) => {}
        }
    }
    if s.abilities.len() > 1 {
        errors.push(loc.err(id, &f("abilities"), "a Player side has at most one effect"));
    }
    for (i, b) in s.abilities.iter().enumerate() {
        let field = nth(&f("abilities"), i, s.abilities.len());
        check_block(loc, id, &field, b, &MATCH_TIMINGS, errors);
    }
    let trained_youngster = card.kind == PlayerKind::Youngster && side == Side::Trained;
    if !s.experience.is_empty() && !trained_youngster {
        errors.push(loc.err(
            id,
            &f("experience"),
            "only the Trained side of a Youngster has Experience spaces",
        ));
    }
    if s.experience.len() > 4 {
        errors.push(loc.err(id, &f("experience"), "at most 4 Experience spaces"));
    }
}

fn check_players(loc: &Located, cards: &[PlayerCard], errors: &mut Vec<DataError>) {
    let kind = |k: PlayerKind| cards.iter().filter(|p| p.kind == k).count();
    count_is(
        loc,
        "regular Players",
        kind(PlayerKind::Regular),
        36,
        errors,
    );
    count_is(loc, "Youngsters", kind(PlayerKind::Youngster), 18, errors);
    count_is(loc, "Veterans", kind(PlayerKind::Veteran), 8, errors);
    for c in cards {
        prefix(
            loc,
            &c.id,
            &[c.kind.key().replace("regular", "player").as_str()],
            errors,
        );
        check_side(loc, c, Side::Untrained, errors);
        check_side(loc, c, Side::Trained, errors);
        if c.kind != PlayerKind::Youngster {
            // The Jersey marker belongs to the card: flipping it cannot
            // change the number or the Task icon.
            if c.untrained.jersey != c.trained.jersey {
                errors.push(loc.err(
                    &c.id,
                    "trained.jersey",
                    format!(
                        "both sides carry the same Jersey number: untrained has {:?}",
                        c.untrained.jersey
                    ),
                ));
            }
            if c.untrained.task != c.trained.task {
                errors.push(loc.err(
                    &c.id,
                    "trained.task",
                    "both sides of a regular Player or Veteran have the same Task",
                ));
            }
        } else {
            let u = &c.untrained;
            if u.task != Task::Defence
                || u.strength != 1
                || u.hire_cost != 1
                || !u.abilities.is_empty()
                || u.zones.len() != 9
            {
                errors.push(loc.err(
                    &c.id,
                    "untrained",
                    "every Untrained Youngster is cost 1, defence, all 9 Zones, Strength 1, no effect",
                ));
            }
            if c.trained.task == Task::Goalkeeper {
                errors.push(loc.err(&c.id, "trained.task", "no Youngster becomes a Goalkeeper"));
            }
        }
    }
}

fn check_staff(loc: &Located, cards: &[StaffCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Staff cards", cards.len(), 36, errors);
    count_is(
        loc,
        "First Trainers",
        cards.iter().filter(|c| c.first_trainer).count(),
        4,
        errors,
    );
    let mut set_vp: HashMap<StaffSet, &Vec<u32>> = HashMap::new();
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["staff"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        not_empty(loc, id, "profession", &c.profession, errors);
        if c.first_trainer {
            range(loc, id, "hire_cost", c.hire_cost.into(), 0, 0, errors);
        } else {
            range(loc, id, "hire_cost", c.hire_cost.into(), 1, 4, errors);
        }
        range(loc, id, "min_players", c.min_players.into(), 1, 4, errors);
        if c.colour != c.set.colour() {
            errors.push(loc.err(
                id,
                "colour",
                format!("the {:?} set is {:?}", c.set, c.set.colour()).to_lowercase(),
            ));
        }
        if c.set_vp.is_empty() || c.set_vp.windows(2).any(|w| w[0] > w[1]) {
            errors.push(loc.err(id, "set_vp", "needs one or more values, never decreasing"));
        }
        match set_vp.get(&c.set) {
            Some(v) if **v != c.set_vp => errors.push(loc.err(
                id,
                "set_vp",
                format!("every card of the set prints the same values: {v:?}"),
            )),
            Some(_) => {}
            None => {
                set_vp.insert(c.set, &c.set_vp);
            }
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &CLUB_TIMINGS, errors);
        }
    }
}

fn check_sponsors(loc: &Located, cards: &[SponsorCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Sponsor cards", cards.len(), 36, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["sponsor"], errors);
        not_empty(loc, id, "front.name", &c.front.name, errors);
        not_empty(loc, id, "back.name", &c.back.name, errors);
        for (field, blocks) in [
            ("front.one_off", &c.front.one_off),
            ("front.adboard", &c.front.adboard),
            ("front.kit", &c.front.kit),
            ("front.bonus", &c.front.bonus),
        ] {
            if blocks.is_empty() {
                errors.push(loc.err(id, field, "needs an effect block"));
            }
            for (i, b) in blocks.iter().enumerate() {
                check_block(
                    loc,
                    id,
                    &nth(field, i, blocks.len()),
                    b,
                    &[Timing::Bonus],
                    errors,
                );
            }
        }
    }
}

fn check_tactics(loc: &Located, cards: &[TacticCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Tactic cards", cards.len(), 12, errors);
    count_is(
        loc,
        "basic Tactics",
        cards.iter().filter(|c| c.basic).count(),
        4,
        errors,
    );
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["tactic"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        let want = if c.basic { 2 } else { 1 };
        if c.formations.len() != want {
            errors.push(loc.err(
                id,
                "formations",
                format!(
                    "a {} Tactic has {want} Formation(s), found {}",
                    if c.basic { "basic" } else { "advanced" },
                    c.formations.len()
                ),
            ));
        }
        for f in &c.formations {
            check_formation(loc, id, f, errors);
        }
        match (c.basic, c.abilities.len()) {
            (true, 0) | (false, 1) => {}
            (true, _) => errors.push(loc.err(id, "abilities", "a basic Tactic has no effect")),
            (false, _) => {
                errors.push(loc.err(id, "abilities", "an advanced Tactic has one effect"))
            }
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &[Timing::DuringMatch], errors);
        }
    }
}

fn check_formation(loc: &Located, id: &str, f: &Formation, errors: &mut Vec<DataError>) {
    for (name, v) in [
        ("defence", f.defence),
        ("midfield", f.midfield),
        ("forward", f.forward),
    ] {
        range(
            loc,
            id,
            &format!("formations.{name}"),
            v.into(),
            1,
            5,
            errors,
        );
    }
    let sum = u16::from(f.defence) + u16::from(f.midfield) + u16::from(f.forward);
    if sum != 10 {
        errors.push(loc.err(
            id,
            "formations",
            format!("{}: the three lines hold 10 markers, found {sum}", f.name),
        ));
    }
    let name = format!("{}-{}-{}", f.defence, f.midfield, f.forward);
    if f.name != name {
        errors.push(loc.err(
            id,
            "formations.name",
            format!("`{}` does not match its lines ({name})", f.name),
        ));
    }
}

fn check_objectives(loc: &Located, cards: &[ObjectiveCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Objective cards", cards.len(), 12, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["objective"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        check_condition(loc, id, "goal", &c.goal, true, errors);
        check_condition(loc, id, "perfect", &c.perfect, true, errors);
        range(loc, id, "vp", c.vp.into(), 1, 5, errors);
        range(loc, id, "perfect_vp", c.perfect_vp.into(), 0, 5, errors);
    }
}

fn check_directors(loc: &Located, cards: &[DirectorCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Director cards", cards.len(), 16, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["director"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        let mut faces: Vec<u8> = c
            .votes
            .yellow
            .iter()
            .chain(&c.votes.blue)
            .chain(&c.votes.red)
            .copied()
            .collect();
        faces.sort_unstable();
        if faces != [1, 2, 3, 4, 5, 6] {
            errors.push(loc.err(
                id,
                "votes",
                format!("the three lists must share out the faces 1-6 once each, found {faces:?}"),
            ));
        }
        for (s, v) in &c.stats {
            if !(-2..=2).contains(v) || *s == Stat::Any {
                errors.push(loc.err(
                    id,
                    "stats",
                    format!("{} must be a track moved by -2..2, found {v}", s.title()),
                ));
            }
        }
        if c.abilities.is_empty() || c.abilities.len() > 2 {
            errors.push(loc.err(id, "abilities", "a Director has 1-2 ability blocks"));
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &CLUB_TIMINGS, errors);
        }
    }
}

fn check_boards(loc: &Located, cards: &[BoardMeetingCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Board Meeting cards", cards.len(), 36, errors);
    let timings = [
        Timing::Bonus,
        Timing::BeforeMatch,
        Timing::DuringMatch,
        Timing::AfterMatch,
    ];
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["board"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        for (field, blocks) in [("yellow", &c.yellow), ("blue", &c.blue), ("red", &c.red)] {
            if blocks.is_empty() {
                errors.push(loc.err(id, field, "every decision needs an effect block"));
            }
            for (i, b) in blocks.iter().enumerate() {
                check_block(loc, id, &nth(field, i, blocks.len()), b, &timings, errors);
            }
        }
    }
}

fn check_line(
    loc: &Located,
    id: &str,
    name: &str,
    line: &OpponentLine,
    errors: &mut Vec<DataError>,
) {
    if line.centre.is_empty() || line.centre.len() > 3 {
        errors.push(loc.err(
            id,
            &format!("{name}.centre"),
            format!(
                "a central Zone holds 1-3 players, found {}",
                line.centre.len()
            ),
        ));
    }
    for (flank, list) in [("left", &line.left), ("right", &line.right)] {
        if list.len() > 1 {
            errors.push(loc.err(
                id,
                &format!("{name}.{flank}"),
                format!("a wing Zone holds at most 1 player, found {}", list.len()),
            ));
        }
    }
    for (flank, list) in [
        ("left", &line.left),
        ("centre", &line.centre),
        ("right", &line.right),
    ] {
        for p in list {
            if p.task == Task::Goalkeeper {
                errors.push(loc.err(
                    id,
                    &format!("{name}.{flank}"),
                    "an outfield player is attack or defence",
                ));
            }
            range(
                loc,
                id,
                &format!("{name}.{flank}"),
                p.strength.into(),
                0,
                4,
                errors,
            );
        }
    }
}

fn check_opponents(loc: &Located, file: &OpponentsFile, errors: &mut Vec<DataError>) {
    count_is(loc, "Opponent dice", file.die.len(), 3, errors);
    count_is(loc, "Opponent clubs", file.club.len(), 16, errors);
    count_is(loc, "Opponent cards", file.card.len(), 64, errors);
    let mut colours = HashSet::new();
    for d in &file.die {
        if !colours.insert(d.colour) {
            errors.push(loc.file(format!("two dice are {:?}", d.colour).to_lowercase()));
        }
        if d.faces.len() != 6 || d.faces.iter().any(|f| ![0, 1, 3].contains(f)) {
            errors.push(loc.file(format!(
                "the {:?} die needs 6 faces of 0, 1 or 3, found {:?}",
                d.colour, d.faces
            )));
        }
    }
    let mut clubs: HashMap<&str, &OpponentClub> = HashMap::new();
    for c in &file.club {
        not_empty(loc, &c.id, "name", &c.name, errors);
        if clubs.insert(c.id.as_str(), c).is_some() {
            errors.push(loc.err(&c.id, "id", "two clubs share this id"));
        }
        if !colours.contains(&c.die) {
            errors.push(loc.err(&c.id, "die", "no [[die]] of this colour"));
        }
    }
    for div in Division::ALL {
        let n = file.club.iter().filter(|c| c.division == div).count();
        if n != 4 {
            errors.push(loc.file(format!(
                "Opponent deck {} needs 4 clubs, found {n}",
                div.label()
            )));
        }
    }
    let mut per_club: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &file.card {
        let id = c.id.as_str();
        prefix(loc, id, &["opponent"], errors);
        if !clubs.contains_key(c.club.as_str()) {
            errors.push(loc.err(id, "club", format!("no [[club]] with id `{}`", c.club)));
        }
        *per_club.entry(c.club.as_str()).or_insert(0) += 1;
        range(
            loc,
            id,
            "goalkeeper",
            c.goalkeeper.strength.into(),
            0,
            4,
            errors,
        );
        range(
            loc,
            id,
            "goalkeeper",
            c.goalkeeper.saves.into(),
            1,
            3,
            errors,
        );
        for line in Line::ALL {
            check_line(loc, id, line.key(), c.line(line), errors);
        }
        let counts = (c.defence.len(), c.midfield.len(), c.forward.len());
        match Formation::parse(&c.formation) {
            Some(f)
                if (
                    usize::from(f.defence),
                    usize::from(f.midfield),
                    usize::from(f.forward),
                ) == counts => {}
            _ => errors.push(loc.err(
                id,
                "formation",
                format!(
                    "`{}` must be \"D-M-F\" equal to the lines ({}-{}-{})",
                    c.formation, counts.0, counts.1, counts.2
                ),
            )),
        }
    }
    for (club, n) in per_club {
        if n != 4 {
            errors.push(loc.file(format!("club `{club}` needs 4 cards, found {n}")));
        }
    }
}

/// The solo Scenario sheets file.
pub const SCENARIOS_FILE: &str = "eleven/scenarios.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenariosFile {
    #[serde(default)]
    scenario: Vec<SoloScenario>,
}

/// Reads and validates the solo Scenario sheets of `source`: every
/// problem found, each naming the file, line, sheet and field, as the card
/// decks' errors do. What loads here is what
/// [`crate::games::eleven::season::parse_scenarios`] accepts too.
pub fn load_scenarios(source: &DataSource) -> Result<Vec<SoloScenario>, DataErrors> {
    let mut errors = Vec::new();
    let Some((file, parsed)) = read::<ScenariosFile>(source, SCENARIOS_FILE, &mut errors) else {
        return Err(DataErrors(errors));
    };
    let loc = Located {
        name: &file.name,
        text: &file.text,
    };
    let mut seen: HashSet<&str> = HashSet::new();
    for s in &parsed.scenario {
        let id = s.id.as_str();
        if !seen.insert(id) {
            errors.push(loc.err(id, "id", format!("id `{id}` is used by two sheets")));
        }
        prefix(&loc, id, &["solo"], &mut errors);
        not_empty(&loc, id, "name", &s.name, &mut errors);
        if let Some(d) = s.division {
            range(&loc, id, "division", d.into(), 1, 3, &mut errors);
        }
        let setup = &s.setup;
        range(
            &loc,
            id,
            "setup.cash",
            setup.cash.into(),
            0,
            20,
            &mut errors,
        );
        range(
            &loc,
            id,
            "setup.players",
            setup.players.into(),
            0,
            5,
            &mut errors,
        );
        range(
            &loc,
            id,
            "setup.league_points",
            setup.league_points.into(),
            -20,
            20,
            &mut errors,
        );
        for (stat, by) in &setup.stats {
            let key = match stat {
                Stat::Cash => "cash",
                Stat::FanBase => "fan_base",
                Stat::Operation => "operation",
                Stat::Fitness => "fitness",
                Stat::Any => "any",
            };
            let field = format!("setup.stats.{key}");
            if *stat == Stat::Any {
                errors.push(loc.err(
                    id,
                    &field,
                    "name a Stat track: cash, fan_base, operation or fitness",
                ));
            }
            range(&loc, id, &field, (*by).into(), -4, 4, &mut errors);
        }
        if s.goals.is_empty() {
            errors.push(loc.err(id, "goals", "a sheet needs at least one goal"));
        }
        for (i, g) in s.goals.iter().enumerate() {
            let field = nth("goals", i, s.goals.len());
            check_condition(&loc, id, &field, g, true, &mut errors);
        }
        for (i, x) in s.scoring.iter().enumerate() {
            let field = nth("scoring", i, s.scoring.len());
            range(
                &loc,
                id,
                &format!("{field}.vp"),
                x.vp.into(),
                -10,
                10,
                &mut errors,
            );
            match (&x.per, &x.condition) {
                (Some(per), None) => {
                    check_condition(&loc, id, &format!("{field}.per"), per, false, &mut errors);
                }
                (None, Some(c)) => {
                    check_condition(
                        &loc,
                        id,
                        &format!("{field}.condition"),
                        c,
                        true,
                        &mut errors,
                    );
                }
                _ => errors.push(loc.err(id, &field, "give either `per` or `condition`")),
            }
        }
    }
    if !errors.is_empty() {
        return Err(DataErrors(errors));
    }
    // The engine's own reader must agree: it is what a season plays.
    crate::games::eleven::season::parse_scenarios(&file.name, &file.text)
        .map_err(|e| DataErrors(vec![loc.file(e)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_decks_load_with_the_rulebook_counts() {
        let d = ElevenDecks::default_decks().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.total(), 274);
        assert_eq!(d.clubs.len(), 16);
        assert_eq!(d.dice.len(), 3);
    }

    #[test]
    fn locate_finds_nested_fields() {
        let text = "[[card]]\nid = \"a\"\n[card.untrained]\nstrength = 1\n[card.trained]\nstrength = 9\n[[card]]\nid = \"b\"\n";
        let at = locate(text, "a", "trained.strength").unwrap_or(0);
        assert_eq!(crate::cards::line_col(text, at).0, 6);
        let at = locate(text, "b", "").unwrap_or(0);
        assert_eq!(crate::cards::line_col(text, at).0, 8);
    }

    /// The embedded data with `scenarios.toml` replaced by `text`.
    fn sheets(text: &str) -> Result<Vec<SoloScenario>, DataErrors> {
        let mut source = DataSource::embedded();
        source
            .overrides
            .insert(SCENARIOS_FILE.to_string(), text.to_string());
        load_scenarios(&source)
    }

    #[test]
    fn the_shipped_scenario_sheets_load() {
        let all = load_scenarios(&DataSource::embedded()).unwrap_or_else(|e| panic!("{e}"));
        let ids: Vec<&str> = all.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["solo-01", "solo-02", "solo-03"]);
    }

    #[test]
    fn scenario_sheet_errors_name_the_line_sheet_and_field() {
        let text = "[[scenario]]\nid = \"solo-01\"\nname = \"A\"\ndescription = \"\"\ndivision = 7\n\n[[scenario.goals]]\nquantity = \"season_wins\"\n\n[[scenario.goals]]\nquantity = \"league_position\"\nat_most = 2\n\n[[scenario.scoring]]\nvp = 1\n\n[[scenario]]\nid = \"solo-01\"\nname = \" \"\ndescription = \"\"\n[scenario.setup]\nstats = { any = 1 }\n";
        let errors = sheets(text).err().unwrap_or_else(|| panic!("loaded")).0;
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        let has = |want: &str| shown.iter().any(|e| e.contains(want));
        assert!(
            has("scenarios.toml:5:1: card solo-01, field `division`: must be 1-3, found 7"),
            "{shown:#?}"
        );
        assert!(
            has(
                "scenarios.toml:7:1: card solo-01, field `goals[0]`: a condition needs exactly one of at_least, at_most, equals; found 0"
            ),
            "{shown:#?}"
        );
        assert!(
            has("card solo-01, field `scoring`: give either `per` or `condition`"),
            "{shown:#?}"
        );
        assert!(
            has("field `id`: id `solo-01` is used by two sheets"),
            "{shown:#?}"
        );
        assert!(has("field `name`: must not be empty"), "{shown:#?}");
        assert!(
            has("field `setup.stats.any`: name a Stat track"),
            "{shown:#?}"
        );
        // A type error is located by the TOML reader, with its sheet.
        let bad = "[[scenario]]\nid = \"solo-04\"\nname = \"A\"\ndescription = \"\"\n[scenario.setup]\ncash = \"lots\"\n";
        let e = sheets(bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            e.contains("scenarios.toml:6:8: card solo-04, field `cash`:"),
            "{e}"
        );
    }

    #[test]
    fn numbers_reads_signed_numbers() {
        assert_eq!(numbers("gets -1 Strength, +2 and 3."), vec![-1, 2, 3]);
    }
}

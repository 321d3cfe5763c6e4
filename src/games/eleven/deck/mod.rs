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

mod check;
mod scenarios;
#[cfg(test)]
mod tests;

use check::*;
pub use scenarios::{SCENARIOS_FILE, load_scenarios};

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

    /// The rulebook's difficulty of playing in Division `played` (its
    /// table "Division, Opponent decks, Difficulty level"): 3 is Easy, 2
    /// Medium, 1 Hard.
    pub fn difficulty(played: u8) -> &'static str {
        match played {
            3 => "Easy",
            2 => "Medium",
            1 => "Hard",
            _ => "",
        }
    }

    /// The Division a first season is played in: the friendliest.
    pub const FIRST_SEASON: u8 = 3;
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
pub(super) struct CardsFile<T> {
    #[serde(default = "Vec::new")]
    card: Vec<T>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OpponentsFile {
    #[serde(default)]
    die: Vec<OpponentDie>,
    #[serde(default)]
    club: Vec<OpponentClub>,
    #[serde(default)]
    card: Vec<OpponentCard>,
}

/// One file's text, for locating errors.
pub(super) struct Located<'a> {
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
pub(super) fn lines_from(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
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
pub(super) fn locate(text: &str, card: &str, path: &str) -> Option<usize> {
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
pub(super) fn enrich(mut e: DataError, text: &str) -> DataError {
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

pub(super) fn read<T: serde::de::DeserializeOwned>(
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

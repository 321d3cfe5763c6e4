//! Cardball's card files: pitch cards, Manager cards, Action cards and the die.
//!
//! `card_data/cardball/` holds four files, described field by field in
//! their header comments and in `docs/cardball.md` (sections 1 and 11):
//! - `pitch.toml`: the nine zones, the ball and the GOOAAALL!!! counters;
//! - `managers.toml`: player cards with a top (attacking) and bottom
//!   (defending) effect per zone class, and The Manager cards;
//! - `actions.toml`: the Action cards and their outcomes;
//! - `die.toml`: the custom die's faces and icons.
//!
//! Loading reports every problem it finds with the file, line, column, card
//! and field; nothing here panics on a malformed file. The rules engine only
//! sees the compact [`CardSet`] made by [`CardballDeck::card_set`].

use crate::cards::{DataError, DataErrors, DataSource, parse_toml};
use crate::games::cardball::{
    ActionCard, ActionOutcome, CardSet, Die, ManagerCard, Mark, Position, Top, ZoneClass,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use toml::Spanned;

/// The pitch cards file.
pub const PITCH_FILE: &str = "cardball/pitch.toml";
/// The Manager cards file.
pub const MANAGERS_FILE: &str = "cardball/managers.toml";
/// The Action cards file.
pub const ACTIONS_FILE: &str = "cardball/actions.toml";
/// The die file.
pub const DIE_FILE: &str = "cardball/die.toml";

/// Cards a duel deals to each manager: 11 to hand and 7 to the bench.
pub const DEALT_PER_MANAGER: usize = 18;
/// The fewest player cards a set needs: a full shoot-out (10 each) and one
/// sudden-death round (2 each).
pub const MIN_PLAYER_CARDS: usize = 24;

/// What a pitch card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PitchKind {
    /// One zone of the pitch.
    Zone,
    /// The ball marker.
    Ball,
    /// A GOOAAALL!!! score counter.
    Goal,
}

/// Whose half a zone belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneSide {
    /// The left manager's half.
    Left,
    /// The right manager's half.
    Right,
    /// Both halves (the half-way line).
    Both,
}

/// A pitch card design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PitchCard {
    /// Unique id.
    pub id: String,
    /// Zone, ball or goal.
    pub kind: PitchKind,
    /// Printed title.
    pub name: String,
    /// Zones: the position in the row, 0 (left net) to 8 (right net).
    pub index: Option<u8>,
    /// Zones: whose half.
    pub side: Option<ZoneSide>,
    /// Identical copies.
    pub copies: u8,
    /// Printed line.
    pub flavour: String,
}

/// A Manager card design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManagerDesign {
    /// Unique id.
    pub id: String,
    /// Printed title.
    pub name: String,
    /// Printed position (`MGR` for The Manager).
    pub position: Position,
    /// Identical copies.
    pub copies: u8,
    /// Printed line.
    pub flavour: String,
    /// Attacking half per zone class (all `none` for The Manager).
    pub top: [Top; 7],
    /// Defending half per zone class (all `none` for The Manager).
    pub bottom: [Mark; 7],
    /// A 2v2 card: dealt only when four managers play (`team = true`).
    pub team: bool,
}

/// An Action card design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionDesign {
    /// Unique id.
    pub id: String,
    /// Printed title.
    pub name: String,
    /// Identical copies.
    pub copies: u8,
    /// What it does.
    pub outcome: ActionOutcome,
    /// Printed line.
    pub flavour: String,
}

/// An icon of the die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Icon {
    /// Unique within the die.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// `heads` or `tails`: the coin side standing in for it.
    pub coin: String,
    /// What it stands for.
    pub meaning: String,
}

/// The die as designed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieDesign {
    /// Unique id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// The icon id on each face 1..6.
    pub faces: Vec<String>,
    /// The icon assumed when nobody calls.
    pub default_call: String,
    /// The two icons.
    pub icons: Vec<Icon>,
}

/// The validated Cardball set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardballDeck {
    /// Pitch card designs.
    pub pitch: Vec<PitchCard>,
    /// Manager card designs.
    pub managers: Vec<ManagerDesign>,
    /// Action card designs.
    pub actions: Vec<ActionDesign>,
    /// The die.
    pub die: DieDesign,
}

/// Card totals of a set, by file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Pitch cards (zones, ball, goal counters).
    pub pitch: usize,
    /// Manager cards, The Manager included.
    pub managers: usize,
    /// The Manager cards among them.
    pub the_manager: usize,
    /// The 2v2 cards among them (dealt only in 2v2).
    pub team: usize,
    /// Action cards.
    pub actions: usize,
}

/// The physical id of copy `k` of a design with `copies` copies: the design
/// id itself for a single card, `id-k` otherwise.
pub fn physical_id(id: &str, copies: u8, k: u8) -> String {
    if copies <= 1 {
        id.to_string()
    } else {
        format!("{id}-{k}")
    }
}

impl CardballDeck {
    /// Loads and validates Cardball's cards from `source`; reports every
    /// problem found, not just the first.
    pub fn load(source: &DataSource) -> Result<CardballDeck, DataErrors> {
        let mut errors = Vec::new();
        let mut ids = Ids::default();
        let pitch = match source
            .read(PITCH_FILE)
            .and_then(|f| parse_toml::<RawCards<RawPitch>>(&f.name, &f.text).map(|r| (f, r)))
        {
            Ok((f, raw)) => validate_pitch(&f.name, &f.text, raw, &mut ids, &mut errors),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        let managers = match source
            .read(MANAGERS_FILE)
            .and_then(|f| parse_toml::<RawCards<RawManager>>(&f.name, &f.text).map(|r| (f, r)))
        {
            Ok((f, raw)) => validate_managers(&f.name, &f.text, raw, &mut ids, &mut errors),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        let actions = match source
            .read(ACTIONS_FILE)
            .and_then(|f| parse_toml::<RawCards<RawAction>>(&f.name, &f.text).map(|r| (f, r)))
        {
            Ok((f, raw)) => validate_actions(&f.name, &f.text, raw, &mut ids, &mut errors),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        let die = match source
            .read(DIE_FILE)
            .and_then(|f| parse_toml::<RawDie>(&f.name, &f.text).map(|r| (f, r)))
        {
            Ok((f, raw)) => validate_die(&f.name, &f.text, raw, &mut ids, &mut errors),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let Some(die) = die else {
            return Err(DataErrors(errors));
        };
        let deck = CardballDeck {
            pitch,
            managers,
            actions,
            die,
        };
        if errors.is_empty() {
            let c = deck.counts();
            // A duel deals only the cards that are not 2v2 cards.
            let duel = c.managers - c.team;
            let players = duel
                - deck
                    .managers
                    .iter()
                    .filter(|d| d.position == Position::MGR && !d.team)
                    .map(|d| usize::from(d.copies))
                    .sum::<usize>();
            let file = |rel: &str| {
                source
                    .user_path(rel)
                    .filter(|p| p.exists())
                    .map_or(format!("card_data/{rel}"), |p| p.display().to_string())
            };
            if duel < 2 * DEALT_PER_MANAGER {
                errors.push(DataError::file(
                    file(MANAGERS_FILE),
                    format!(
                        "the set has {duel} Manager cards besides its 2v2 cards; dealing 11 to hand and 7 to the bench for two managers needs at least {}",
                        2 * DEALT_PER_MANAGER
                    ),
                ));
            } else if players < MIN_PLAYER_CARDS {
                errors.push(DataError::file(
                    file(MANAGERS_FILE),
                    format!(
                        "the set has {players} player cards; a penalty shoot-out needs at least {MIN_PLAYER_CARDS}"
                    ),
                ));
            }
            if c.the_manager > 0 && c.actions == 0 {
                errors.push(DataError::file(
                    file(ACTIONS_FILE),
                    "the set has The Manager cards but no Action card to draw",
                ));
            }
            if c.managers > usize::from(u16::MAX) || c.actions > usize::from(u16::MAX) {
                errors.push(DataError::file(
                    file(MANAGERS_FILE),
                    "too many cards in one set",
                ));
            }
        }
        if errors.is_empty() {
            Ok(deck)
        } else {
            Err(DataErrors(errors))
        }
    }

    /// The embedded default set (always valid: a test guards it).
    pub fn default_set() -> Result<CardballDeck, DataErrors> {
        CardballDeck::load(&DataSource::embedded())
    }

    /// Card totals.
    pub fn counts(&self) -> Counts {
        let sum = |it: &mut dyn Iterator<Item = u8>| it.map(usize::from).sum::<usize>();
        Counts {
            pitch: sum(&mut self.pitch.iter().map(|c| c.copies)),
            managers: sum(&mut self.managers.iter().map(|c| c.copies)),
            the_manager: sum(&mut self
                .managers
                .iter()
                .filter(|c| c.position == Position::MGR)
                .map(|c| c.copies)),
            team: sum(&mut self.managers.iter().filter(|c| c.team).map(|c| c.copies)),
            actions: sum(&mut self.actions.iter().map(|c| c.copies)),
        }
    }

    /// Manager cards per printed position.
    pub fn positions(&self) -> BTreeMap<Position, usize> {
        let mut m = BTreeMap::new();
        for c in &self.managers {
            *m.entry(c.position).or_insert(0) += usize::from(c.copies);
        }
        m
    }

    /// The compact card set the rules engine plays with: one entry per
    /// physical card, ids from [`physical_id`].
    pub fn card_set(&self) -> CardSet {
        let mut managers = Vec::new();
        for d in &self.managers {
            for k in 1..=d.copies {
                managers.push(ManagerCard {
                    id: physical_id(&d.id, d.copies, k),
                    position: d.position,
                    top: d.top,
                    bottom: d.bottom,
                    team: d.team,
                });
            }
        }
        let mut actions = Vec::new();
        for d in &self.actions {
            for k in 1..=d.copies {
                actions.push(ActionCard {
                    id: physical_id(&d.id, d.copies, k),
                    outcome: d.outcome,
                });
            }
        }
        let icons = [
            self.die
                .icons
                .first()
                .map(|i| i.id.clone())
                .unwrap_or_default(),
            self.die
                .icons
                .get(1)
                .map(|i| i.id.clone())
                .unwrap_or_default(),
        ];
        let icon = |s: &str| u8::from(icons[1] == s);
        let mut faces = [0u8; 6];
        for (f, s) in faces.iter_mut().zip(&self.die.faces) {
            *f = icon(s);
        }
        CardSet {
            managers,
            actions,
            die: Die {
                faces,
                default_call: icon(&self.die.default_call),
                icons,
            },
        }
    }

    /// The design of a physical Manager card id.
    pub fn manager_design(&self, physical: &str) -> Option<&ManagerDesign> {
        self.managers.iter().find(|d| {
            (1..=d.copies).any(|k| physical_id(&d.id, d.copies, k).eq_ignore_ascii_case(physical))
        })
    }

    /// The design of a physical Action card id.
    pub fn action_design(&self, physical: &str) -> Option<&ActionDesign> {
        self.actions.iter().find(|d| {
            (1..=d.copies).any(|k| physical_id(&d.id, d.copies, k).eq_ignore_ascii_case(physical))
        })
    }
}

// ----- raw file shapes -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards<T> {
    card: Vec<Spanned<T>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPitch {
    id: Spanned<String>,
    kind: Spanned<String>,
    name: Spanned<String>,
    index: Option<Spanned<i64>>,
    side: Option<Spanned<String>>,
    copies: Option<Spanned<i64>>,
    #[serde(default)]
    flavour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManager {
    id: Spanned<String>,
    name: Spanned<String>,
    position: Spanned<String>,
    copies: Option<Spanned<i64>>,
    #[serde(default)]
    flavour: String,
    top: Spanned<BTreeMap<String, Spanned<String>>>,
    bottom: Spanned<BTreeMap<String, Spanned<String>>>,
    #[serde(default)]
    team: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    id: Spanned<String>,
    name: Spanned<String>,
    copies: Option<Spanned<i64>>,
    outcome: Spanned<String>,
    #[serde(default)]
    flavour: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDie {
    id: Spanned<String>,
    name: Spanned<String>,
    faces: Spanned<Vec<Spanned<String>>>,
    default_call: Spanned<String>,
    icon: Spanned<Vec<Spanned<RawIcon>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawIcon {
    id: Spanned<String>,
    name: Spanned<String>,
    coin: Spanned<String>,
    #[serde(default)]
    meaning: String,
}

/// Ids seen so far across the four files.
#[derive(Default)]
struct Ids {
    designs: HashSet<String>,
    physical: HashSet<String>,
}

/// Where errors about one card go.
struct At<'a> {
    file: &'a str,
    text: &'a str,
    card: String,
}

impl At<'_> {
    fn err(&self, msg: impl Into<String>, offset: usize, field: &str) -> DataError {
        DataError::file(self.file, msg)
            .at(self.text, offset)
            .card(self.card.clone())
            .field(field)
    }
}

fn id_ok(id: &str) -> bool {
    let mut chars = id.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Checks a card's id and copies; returns the copies (0 when invalid).
fn check_id_copies(
    at: &At<'_>,
    id: &Spanned<String>,
    copies: &Option<Spanned<i64>>,
    ids: &mut Ids,
    errors: &mut Vec<DataError>,
) -> u8 {
    let idv = id.get_ref();
    if !id_ok(idv) {
        errors.push(at.err(
            format!("`{idv}` must be lower-case letters, digits and '-', starting with a letter or digit"),
            id.span().start,
            "id",
        ));
    } else if !ids.designs.insert(idv.clone()) {
        errors.push(at.err(
            format!("id `{idv}` is used by another card of the set"),
            id.span().start,
            "id",
        ));
    }
    let copies_v = match copies {
        None => 1,
        Some(c) => {
            let v = *c.get_ref();
            if !(1..=60).contains(&v) {
                errors.push(at.err(format!("must be 1-60, found {v}"), c.span().start, "copies"));
                return 0;
            }
            v as u8
        }
    };
    for k in 1..=copies_v {
        let p = physical_id(idv, copies_v, k);
        if !ids.physical.insert(p.clone()) && id_ok(idv) {
            errors.push(at.err(
                format!("copy {k} would be named `{p}`, which another card already uses"),
                id.span().start,
                "id",
            ));
        }
    }
    copies_v
}

fn check_name(at: &At<'_>, name: &Spanned<String>, errors: &mut Vec<DataError>) {
    if name.get_ref().trim().is_empty() {
        errors.push(at.err("must not be empty", name.span().start, "name"));
    }
}

fn label(id: &Spanned<String>, name: &Spanned<String>) -> String {
    format!("{} ({})", id.get_ref(), name.get_ref().trim())
}

fn validate_pitch(
    file: &str,
    text: &str,
    raw: RawCards<RawPitch>,
    ids: &mut Ids,
    errors: &mut Vec<DataError>,
) -> Vec<PitchCard> {
    let mut out = Vec::new();
    let mut zones: [Option<usize>; 9] = [None; 9];
    let mut balls = 0;
    let mut goals = 0;
    for rc in raw.card {
        let rc = rc.into_inner();
        let at = At {
            file,
            text,
            card: label(&rc.id, &rc.name),
        };
        let copies = check_id_copies(&at, &rc.id, &rc.copies, ids, errors);
        check_name(&at, &rc.name, errors);
        let kind = match rc.kind.get_ref().as_str() {
            "zone" => PitchKind::Zone,
            "ball" => PitchKind::Ball,
            "goal" => PitchKind::Goal,
            other => {
                errors.push(at.err(
                    format!("`{other}` is not a pitch card kind: use zone, ball or goal"),
                    rc.kind.span().start,
                    "kind",
                ));
                continue;
            }
        };
        let mut index = None;
        let mut side = None;
        if kind == PitchKind::Zone {
            if copies != 1 {
                errors.push(at.err(
                    "a zone is a single card: remove `copies`",
                    rc.id.span().start,
                    "copies",
                ));
            }
            match &rc.index {
                None => errors.push(at.err(
                    "a zone needs an `index` (0-8)",
                    rc.id.span().start,
                    "index",
                )),
                Some(i) => {
                    let v = *i.get_ref();
                    if !(0..=8).contains(&v) {
                        errors.push(at.err(
                            format!("must be 0-8, found {v}"),
                            i.span().start,
                            "index",
                        ));
                    } else if let Some(slot) = zones.get_mut(v as usize) {
                        if slot.is_some() {
                            errors.push(at.err(
                                format!("index {v} is used by another zone"),
                                i.span().start,
                                "index",
                            ));
                        }
                        *slot = Some(out.len());
                        index = Some(v as u8);
                    }
                }
            }
            match &rc.side {
                None => errors.push(at.err(
                    "a zone needs a `side` (left, right or both)",
                    rc.id.span().start,
                    "side",
                )),
                Some(s) => {
                    let parsed = match s.get_ref().as_str() {
                        "left" => Some(ZoneSide::Left),
                        "right" => Some(ZoneSide::Right),
                        "both" => Some(ZoneSide::Both),
                        _ => None,
                    };
                    let want = index.map(|i| match i {
                        0..=3 => ZoneSide::Left,
                        4 => ZoneSide::Both,
                        _ => ZoneSide::Right,
                    });
                    match (parsed, want) {
                        (None, _) => errors.push(at.err(
                            format!("`{}` is not a side: use left, right or both", s.get_ref()),
                            s.span().start,
                            "side",
                        )),
                        (Some(p), Some(w)) if p != w => errors.push(at.err(
                            format!(
                                "zone {} lies on side `{}`",
                                index.unwrap_or(0),
                                match w {
                                    ZoneSide::Left => "left",
                                    ZoneSide::Right => "right",
                                    ZoneSide::Both => "both",
                                }
                            ),
                            s.span().start,
                            "side",
                        )),
                        _ => {}
                    }
                    side = parsed;
                }
            }
        } else {
            for (present, field, off) in [
                (
                    rc.index.as_ref().map(|i| i.span().start),
                    "index",
                    rc.index.is_some(),
                ),
                (
                    rc.side.as_ref().map(|s| s.span().start),
                    "side",
                    rc.side.is_some(),
                ),
            ] {
                if let (Some(o), true) = (present, off) {
                    errors.push(at.err("only zone cards have this field", o, field));
                }
            }
            if kind == PitchKind::Ball {
                balls += usize::from(copies);
            } else {
                goals += usize::from(copies);
            }
        }
        out.push(PitchCard {
            id: rc.id.get_ref().clone(),
            kind,
            name: rc.name.get_ref().trim().to_string(),
            index,
            side,
            copies,
            flavour: rc.flavour,
        });
    }
    let missing: Vec<String> = (0..9)
        .filter(|i| zones[*i].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        errors.push(DataError::file(
            file,
            format!(
                "the pitch needs one zone card for each index 0-8; missing: {}",
                missing.join(", ")
            ),
        ));
    }
    if balls != 1 {
        errors.push(DataError::file(
            file,
            format!("the set needs exactly one ball card, found {balls}"),
        ));
    }
    if goals == 0 {
        errors.push(DataError::file(
            file,
            "the set needs at least one GOOAAALL!!! card (kind = \"goal\")",
        ));
    }
    out
}

fn validate_managers(
    file: &str,
    text: &str,
    raw: RawCards<RawManager>,
    ids: &mut Ids,
    errors: &mut Vec<DataError>,
) -> Vec<ManagerDesign> {
    let mut out = Vec::new();
    if raw.card.is_empty() {
        errors.push(DataError::file(file, "no [[card]] found"));
    }
    for rc in raw.card {
        let rc = rc.into_inner();
        let at = At {
            file,
            text,
            card: label(&rc.id, &rc.name),
        };
        let copies = check_id_copies(&at, &rc.id, &rc.copies, ids, errors);
        check_name(&at, &rc.name, errors);
        let Some(position) = Position::parse(rc.position.get_ref()) else {
            errors.push(at.err(
                format!(
                    "`{}` is not a position: use GK, FB, CB, CDM, CM, CAM, W, ST or MGR",
                    rc.position.get_ref()
                ),
                rc.position.span().start,
                "position",
            ));
            continue;
        };
        let mgr = position == Position::MGR;
        let mut top = [Top::NONE; 7];
        let mut bottom = [Mark::None; 7];
        for (half, table) in [("top", &rc.top), ("bottom", &rc.bottom)] {
            for key in table.get_ref().keys() {
                if !ZoneClass::ALL.iter().any(|z| z.key() == key) {
                    let off = table
                        .get_ref()
                        .get(key)
                        .map_or(table.span().start, |v| v.span().start);
                    errors.push(at.err(
                        format!(
                            "`{key}` is not a zone class: use own_box, own_edge, own_half, halfway, opp_half, outside_box, inside_box"
                        ),
                        off,
                        &format!("{half}.{key}"),
                    ));
                }
            }
            for zone in ZoneClass::ALL {
                let field = format!("{half}.{}", zone.key());
                let Some(v) = table.get_ref().get(zone.key()) else {
                    errors.push(at.err(
                        "missing: every card gives all seven zone classes (write \"none\" for no effect)",
                        table.span().start,
                        &field,
                    ));
                    continue;
                };
                let s = v.get_ref().trim();
                if mgr || s == "manager" {
                    if mgr != (s == "manager") {
                        errors.push(at.err(
                            if mgr {
                                format!("a The Manager card (position MGR) has \"manager\" on every key, not `{s}`")
                            } else {
                                "\"manager\" is only for The Manager cards (position MGR)".to_string()
                            },
                            v.span().start,
                            &field,
                        ));
                    }
                    continue;
                }
                if half == "top" {
                    match Top::parse(s) {
                        Ok(t) => top[zone.index()] = t,
                        Err(m) => errors.push(at.err(m, v.span().start, &field)),
                    }
                } else {
                    match Mark::parse(s) {
                        Some(m) => bottom[zone.index()] = m,
                        None => errors.push(at.err(
                            format!(
                                "`{s}` is not a bottom-half effect: use none, chance, takes, fifty or hundred"
                            ),
                            v.span().start,
                            &field,
                        )),
                    }
                }
            }
        }
        out.push(ManagerDesign {
            id: rc.id.get_ref().clone(),
            name: rc.name.get_ref().trim().to_string(),
            position,
            copies,
            flavour: rc.flavour,
            top,
            bottom,
            team: rc.team,
        });
    }
    out
}

fn validate_actions(
    file: &str,
    text: &str,
    raw: RawCards<RawAction>,
    ids: &mut Ids,
    errors: &mut Vec<DataError>,
) -> Vec<ActionDesign> {
    let mut out = Vec::new();
    for rc in raw.card {
        let rc = rc.into_inner();
        let at = At {
            file,
            text,
            card: label(&rc.id, &rc.name),
        };
        let copies = check_id_copies(&at, &rc.id, &rc.copies, ids, errors);
        check_name(&at, &rc.name, errors);
        match ActionOutcome::parse(rc.outcome.get_ref()) {
            Ok(outcome) => out.push(ActionDesign {
                id: rc.id.get_ref().clone(),
                name: rc.name.get_ref().trim().to_string(),
                copies,
                outcome,
                flavour: rc.flavour,
            }),
            Err(m) => errors.push(at.err(m, rc.outcome.span().start, "outcome")),
        }
    }
    out
}

fn validate_die(
    file: &str,
    text: &str,
    raw: RawDie,
    ids: &mut Ids,
    errors: &mut Vec<DataError>,
) -> Option<DieDesign> {
    let at = At {
        file,
        text,
        card: label(&raw.id, &raw.name),
    };
    let before = errors.len();
    check_id_copies(&at, &raw.id, &None, ids, errors);
    check_name(&at, &raw.name, errors);
    let icons: Vec<Icon> = raw
        .icon
        .get_ref()
        .iter()
        .map(|i| {
            let i = i.get_ref();
            Icon {
                id: i.id.get_ref().clone(),
                name: i.name.get_ref().clone(),
                coin: i.coin.get_ref().clone(),
                meaning: i.meaning.clone(),
            }
        })
        .collect();
    if icons.len() != 2 {
        errors.push(at.err(
            format!("the die has exactly 2 icons, found {}", icons.len()),
            raw.icon.span().start,
            "icon",
        ));
    }
    let mut seen = HashSet::new();
    for ri in raw.icon.get_ref() {
        let ri = ri.get_ref();
        if !seen.insert(ri.id.get_ref().clone()) {
            errors.push(at.err(
                format!("icon `{}` is listed twice", ri.id.get_ref()),
                ri.id.span().start,
                "icon.id",
            ));
        }
        if ri.name.get_ref().trim().is_empty() {
            errors.push(at.err("must not be empty", ri.name.span().start, "icon.name"));
        }
        if !matches!(ri.coin.get_ref().as_str(), "heads" | "tails") {
            errors.push(at.err(
                format!("`{}` must be heads or tails", ri.coin.get_ref()),
                ri.coin.span().start,
                "icon.coin",
            ));
        }
    }
    let coins: HashSet<&str> = icons.iter().map(|i| i.coin.as_str()).collect();
    if icons.len() == 2 && coins.len() != 2 {
        errors.push(at.err(
            "one icon is heads and the other tails",
            raw.icon.span().start,
            "icon.coin",
        ));
    }
    let faces = raw.faces.get_ref();
    if faces.len() != 6 {
        errors.push(at.err(
            format!("the die has 6 faces, found {}", faces.len()),
            raw.faces.span().start,
            "faces",
        ));
    }
    for f in faces {
        if !icons.iter().any(|i| &i.id == f.get_ref()) {
            errors.push(at.err(
                format!("`{}` is not one of the die's icons", f.get_ref()),
                f.span().start,
                "faces",
            ));
        }
    }
    if faces.len() == 6 {
        for i in &icons {
            let n = faces.iter().filter(|f| f.get_ref() == &i.id).count();
            if n != 3 {
                errors.push(at.err(
                    format!(
                        "icon `{}` is on {n} faces; each icon is on exactly 3 so a roll is a fair 50/50",
                        i.id
                    ),
                    raw.faces.span().start,
                    "faces",
                ));
            }
        }
    }
    if !icons.iter().any(|i| &i.id == raw.default_call.get_ref()) {
        errors.push(at.err(
            format!(
                "`{}` is not one of the die's icons",
                raw.default_call.get_ref()
            ),
            raw.default_call.span().start,
            "default_call",
        ));
    }
    (errors.len() == before).then(|| DieDesign {
        id: raw.id.get_ref().clone(),
        name: raw.name.get_ref().trim().to_string(),
        faces: faces.iter().map(|f| f.get_ref().clone()).collect(),
        default_call: raw.default_call.get_ref().clone(),
        icons,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_set_is_the_75_card_box_and_8_2v2_cards() {
        let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        let c = deck.counts();
        assert_eq!(
            (c.pitch, c.managers, c.the_manager, c.team, c.actions),
            (20, 48, 4, 8, 15)
        );
        let set = deck.card_set();
        assert_eq!(set.managers.len(), 48);
        assert_eq!(set.managers.iter().filter(|m| !m.team).count(), 40);
        assert!(
            set.managers
                .iter()
                .filter(|m| m.team)
                .all(|m| !m.is_manager()),
            "the 2v2 cards are players"
        );
        assert_eq!(set.actions.len(), 15);
        let unique: HashSet<&String> = set.managers.iter().map(|m| &m.id).collect();
        assert_eq!(unique.len(), 48);
        assert_eq!(set.die.icons, ["boot".to_string(), "glove".to_string()]);
        assert_eq!(set.die.faces, [0, 1, 0, 1, 0, 1]);
        assert_eq!(set.die.default_call, 1);
        let p = deck.positions();
        // One 2v2 card per position besides The Manager.
        assert_eq!(p.get(&Position::ST), Some(&6));
        assert_eq!(p.get(&Position::GK), Some(&4));
    }

    #[test]
    fn the_set_prints_the_stronger_halfway_option() {
        // docs/cardball.md 1.3: each half's `halfway` effect is the stronger
        // of its own_half and opp_half effects (the line is part of both
        // halves, however a manager chooses to use it).
        let deck = CardballDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        let top = |t: Top| {
            let reach = match t.payload {
                crate::games::cardball::Payload::Hold => 0,
                crate::games::cardball::Payload::Advance(n) => n,
                crate::games::cardball::Payload::Shoot => 9,
            };
            (t.mark, reach)
        };
        for d in deck.managers.iter().filter(|d| d.position != Position::MGR) {
            let h = ZoneClass::Halfway.index();
            let (o, p) = (ZoneClass::OwnHalf.index(), ZoneClass::OppHalf.index());
            assert!(d.top[h] == d.top[o] || d.top[h] == d.top[p], "{}", d.id);
            assert!(
                d.bottom[h] == d.bottom[o] || d.bottom[h] == d.bottom[p],
                "{}",
                d.id
            );
            assert!(
                top(d.top[h]) >= top(d.top[o]).max(top(d.top[p])),
                "{}: top.halfway is the weaker option",
                d.id
            );
            assert!(
                d.bottom[h] >= d.bottom[o].max(d.bottom[p]),
                "{}: bottom.halfway is the weaker option",
                d.id
            );
        }
    }
}

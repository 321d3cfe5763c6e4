//! Booked!'s card files: nations, referees, the other cards and house rules.
//!
//! `card_data/booked/` holds four files:
//! - `nations.toml`: 14 nations, each with a code, a name, kit colours and
//!   11 players (shirt number, name, position, rating);
//! - `referees.toml`: the 11 officials with their effect key, printed name,
//!   rule text, whether they are instant, and copies;
//! - `deck.toml`: the set's name and expected total, and the Yellow, Red,
//!   Super Sub and Quick Rules cards with their text and copies;
//! - `house_rules.toml`: the house rules in force.

use crate::cards::{DataError, DataErrors, DataSource, Rgb, parse_toml};
use crate::games::booked::{Card, CardSet, HouseRules, Position, Referee};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use toml::Spanned;

/// Paths of Booked!'s files under a data folder.
pub const NATIONS_FILE: &str = "booked/nations.toml";
/// Players in a nation's squad (the rulebook: 14 nations x 11 squad players).
pub const SQUAD_SIZE: usize = 11;
/// The referees file.
pub const REFEREES_FILE: &str = "booked/referees.toml";
/// The deck file (discipline, super subs, quick rules).
pub const DECK_FILE: &str = "booked/deck.toml";
/// The house rules file.
pub const HOUSE_RULES_FILE: &str = "booked/house_rules.toml";

/// A nation's kit colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kit {
    /// The main shirt colour (card background).
    pub primary: Rgb,
    /// Trim colour (bands and badges).
    pub secondary: Rgb,
    /// A colour readable on the primary.
    pub text: Rgb,
}

/// A squad player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Shirt number, unique in the squad.
    pub number: u8,
    /// The player's name.
    pub name: String,
    /// Position.
    pub position: Position,
    /// Rating 1-10 (10 = the star).
    pub rating: u8,
}

/// A nation and its squad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nation {
    /// Unique three-letter code.
    pub code: String,
    /// Full name.
    pub name: String,
    /// Kit colours.
    pub kit: Kit,
    /// The squad.
    pub players: Vec<Player>,
    /// Copies of each of its player cards: 1 in the rulebook's set; a
    /// house deck may print a nation twice or more.
    #[serde(default = "one_copy")]
    pub copies: u8,
}

fn one_copy() -> u8 {
    1
}

/// A referee card design.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefereeCard {
    /// Which official's rule the engine applies.
    pub effect: Referee,
    /// Printed title.
    pub name: String,
    /// Printed rule text.
    pub text: String,
    /// Copies in the deck.
    pub copies: u8,
}

/// A card design with text and copies (Yellow, Red, Super Sub, Quick Rules).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextCard {
    /// Printed title.
    pub name: String,
    /// Printed text.
    pub text: String,
    /// Copies in the set.
    pub copies: u8,
}

/// The validated Booked! card set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookedDeck {
    /// The set's name.
    pub name: String,
    /// The 14 nations.
    pub nations: Vec<Nation>,
    /// The officials.
    pub referees: Vec<RefereeCard>,
    /// The Yellow card.
    pub yellow: TextCard,
    /// The Red card.
    pub red: TextCard,
    /// The Super Sub.
    pub super_sub: TextCard,
    /// The Quick Rules card.
    pub quick_rules: TextCard,
}

/// What kind of physical card this is (for layout, filters and counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A squad player.
    Player,
    /// A referee.
    Referee,
    /// A Yellow card.
    Yellow,
    /// A Red card.
    Red,
    /// A Super Sub.
    SuperSub,
    /// A Quick Rules card.
    QuickRules,
}

impl Kind {
    /// Every kind, in deck order.
    pub const ALL: [Kind; 6] = [
        Kind::Player,
        Kind::Referee,
        Kind::Yellow,
        Kind::Red,
        Kind::SuperSub,
        Kind::QuickRules,
    ];

    /// The key used in selections and templates.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Player => "player",
            Kind::Referee => "referee",
            Kind::Yellow => "yellow",
            Kind::Red => "red",
            Kind::SuperSub => "super_sub",
            Kind::QuickRules => "quick_rules",
        }
    }

    /// A plural label for summaries.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Player => "players",
            Kind::Referee => "referees",
            Kind::Yellow => "yellow cards",
            Kind::Red => "red cards",
            Kind::SuperSub => "super subs",
            Kind::QuickRules => "quick rules cards",
        }
    }
}

/// One physical card: its id, kind and where its design lives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhysicalCard {
    /// Unique readable id (`BRA-9`, `var_review-2`, `yellow-5`).
    pub id: String,
    /// The kind of card.
    pub kind: Kind,
    /// The nation index (players).
    pub nation: Option<usize>,
    /// The player's index in the squad (players) or the referee's index.
    pub index: usize,
    /// Which copy this is (1-based).
    pub copy: u8,
}

impl BookedDeck {
    /// Loads and validates Booked!'s cards from `source`; reports every
    /// problem found, not just the first.
    pub fn load(source: &DataSource) -> Result<BookedDeck, DataErrors> {
        let mut errors = Vec::new();
        let nations = source
            .read(NATIONS_FILE)
            .and_then(|f| parse_toml::<RawNations>(&f.name, &f.text).map(|r| (f, r)));
        let referees = source
            .read(REFEREES_FILE)
            .and_then(|f| parse_toml::<RawReferees>(&f.name, &f.text).map(|r| (f, r)));
        let deck = source
            .read(DECK_FILE)
            .and_then(|f| parse_toml::<RawDeck>(&f.name, &f.text).map(|r| (f, r)));
        // The counts' files that come from the user's folder, to name
        // them when the built-in total disagrees with them.
        let mut own_counts = Vec::new();
        for (f, _) in [
            nations.as_ref().ok().map(|(f, _)| (f, ())),
            referees.as_ref().ok().map(|(f, _)| (f, ())),
        ]
        .into_iter()
        .flatten()
        {
            if f.path.is_some() {
                own_counts.push(f.name.clone());
            }
        }
        let nations = match nations {
            Ok((f, raw)) => validate_nations(&f.name, &f.text, raw, &mut errors),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        let referees = match referees {
            Ok((f, raw)) => validate_referees(&f.name, &f.text, raw, &mut errors),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        };
        let deck = match deck {
            Ok((f, raw)) => Some((f, raw)),
            Err(e) => {
                errors.push(e);
                None
            }
        };
        let Some((deck_file, raw_deck)) = deck else {
            return Err(DataErrors(errors));
        };
        let text_card = |c: RawTextCard, key: &str, errors: &mut Vec<DataError>| -> TextCard {
            let copies = check_range(
                &deck_file.name,
                &deck_file.text,
                &c.copies,
                0,
                60,
                key,
                "copies",
                errors,
            );
            if c.name.get_ref().trim().is_empty() {
                errors.push(
                    DataError::file(&deck_file.name, "must not be empty")
                        .at(&deck_file.text, c.name.span().start)
                        .card(key)
                        .field("name"),
                );
            }
            TextCard {
                name: c.name.into_inner(),
                text: c.text.into_inner(),
                copies,
            }
        };
        let yellow = text_card(raw_deck.yellow, "yellow", &mut errors);
        let red = text_card(raw_deck.red, "red", &mut errors);
        let super_sub = text_card(raw_deck.super_sub, "super_sub", &mut errors);
        let quick_rules = text_card(raw_deck.quick_rules, "quick_rules", &mut errors);
        let deck = BookedDeck {
            name: raw_deck.set.name.clone(),
            nations,
            referees,
            yellow,
            red,
            super_sub,
            quick_rules,
        };
        if let Some(total) = &raw_deck.set.total {
            let actual = deck.physical_cards().len();
            if errors.is_empty() && usize::try_from(*total.get_ref()).ok() != Some(actual) {
                let fix = if deck_file.path.is_none() && !own_counts.is_empty() {
                    format!(
                        "your {} changes the counts, and this built-in file holds the total: \
                         fix the counts, or copy {DECK_FILE} into your data folder and fix its total",
                        own_counts.join(" and ")
                    )
                } else {
                    "fix the counts or the total".to_string()
                };
                errors.push(
                    DataError::file(
                        &deck_file.name,
                        format!(
                            "the set is declared as {} cards but the files add up to {actual}; {fix}",
                            total.get_ref()
                        ),
                    )
                    .at(&deck_file.text, total.span().start)
                    .field("total"),
                );
            }
        }
        if errors.is_empty() {
            Ok(deck)
        } else {
            Err(DataErrors(errors))
        }
    }

    /// The embedded default set (always valid: a test guards it).
    pub fn default_set() -> Result<BookedDeck, DataErrors> {
        BookedDeck::load(&DataSource::embedded())
    }

    /// Every physical card, in deck order: players by nation, referees,
    /// yellows, reds, super subs, quick rules.
    pub fn physical_cards(&self) -> Vec<PhysicalCard> {
        let mut out = Vec::new();
        for (ni, n) in self.nations.iter().enumerate() {
            for k in 1..=n.copies.max(1) {
                for (pi, p) in n.players.iter().enumerate() {
                    // The first copy keeps the plain id (`BRA-9`).
                    let id = match k {
                        1 => format!("{}-{}", n.code, p.number),
                        _ => format!("{}-{}-{k}", n.code, p.number),
                    };
                    out.push(PhysicalCard {
                        id,
                        kind: Kind::Player,
                        nation: Some(ni),
                        index: pi,
                        copy: k,
                    });
                }
            }
        }
        for (ri, r) in self.referees.iter().enumerate() {
            for k in 1..=r.copies {
                out.push(PhysicalCard {
                    id: format!("{}-{k}", r.effect.key()),
                    kind: Kind::Referee,
                    nation: None,
                    index: ri,
                    copy: k,
                });
            }
        }
        let specials = [
            (Kind::Yellow, &self.yellow, "yellow"),
            (Kind::Red, &self.red, "red"),
            (Kind::SuperSub, &self.super_sub, "supersub"),
            (Kind::QuickRules, &self.quick_rules, "quickrules"),
        ];
        for (kind, card, prefix) in specials {
            for k in 1..=card.copies {
                out.push(PhysicalCard {
                    id: format!("{prefix}-{k}"),
                    kind,
                    nation: None,
                    index: 0,
                    copy: k,
                });
            }
        }
        out
    }

    /// The compact card set the rules engine plays with (same order and
    /// ids as [`BookedDeck::physical_cards`]).
    pub fn card_set(&self) -> CardSet {
        let physical = self.physical_cards();
        let mut cards = Vec::with_capacity(physical.len());
        let mut names = Vec::with_capacity(physical.len());
        for p in &physical {
            let card = match p.kind {
                Kind::Player => {
                    let ni = p.nation.unwrap_or(0);
                    let pl = &self.nations[ni].players[p.index];
                    Card::Player {
                        nation: ni as u8,
                        position: pl.position,
                        rating: pl.rating,
                    }
                }
                Kind::Referee => Card::Referee(self.referees[p.index].effect),
                Kind::Yellow => Card::Yellow,
                Kind::Red => Card::Red,
                Kind::SuperSub => Card::SuperSub,
                Kind::QuickRules => Card::QuickRules,
            };
            cards.push(card);
            names.push(p.id.clone());
        }
        CardSet {
            cards,
            names,
            nations: self.nations.iter().map(|n| n.code.clone()).collect(),
            nation_names: self.nations.iter().map(|n| n.name.clone()).collect(),
        }
    }

    /// The player behind a physical card, with its nation.
    pub fn player(&self, card: &PhysicalCard) -> Option<(&Nation, &Player)> {
        let n = self.nations.get(card.nation?)?;
        Some((n, n.players.get(card.index)?))
    }

    /// A readable name for a card id (`"Brazil · Caio Ramos (FWD 10)"`).
    pub fn describe(&self, card: &PhysicalCard) -> String {
        match card.kind {
            Kind::Player => match self.player(card) {
                Some((n, p)) => format!(
                    "{} {} ({} {}, {})",
                    p.name, n.code, p.position, p.rating, n.name
                ),
                None => card.id.clone(),
            },
            Kind::Referee => self
                .referees
                .get(card.index)
                .map_or(card.id.clone(), |r| r.name.clone()),
            Kind::Yellow => self.yellow.name.clone(),
            Kind::Red => self.red.name.clone(),
            Kind::SuperSub => self.super_sub.name.clone(),
            Kind::QuickRules => self.quick_rules.name.clone(),
        }
    }

    /// Card counts by kind, for summaries.
    pub fn counts(&self) -> BTreeMap<Kind, usize> {
        let mut m = BTreeMap::new();
        for c in self.physical_cards() {
            *m.entry(c.kind).or_insert(0) += 1;
        }
        m
    }
}

/// Loads the house rules file from `source`.
pub fn load_house_rules(source: &DataSource) -> Result<HouseRules, DataError> {
    let f = source.read(HOUSE_RULES_FILE)?;
    parse_house_rules(&f.name, &f.text)
}

/// Parses and checks house rules text.
pub fn parse_house_rules(file: &str, text: &str) -> Result<HouseRules, DataError> {
    let rules: HouseRules = parse_toml(file, text)?;
    rules.check().map_err(|(field, msg)| {
        let mut e = DataError::file(file, msg).field(field);
        if let Some(off) = key_offset(text, field) {
            e = e.at(text, off);
        }
        e
    })?;
    Ok(rules)
}

/// Where the user's own named house-rule presets live in a data folder.
pub const PRESETS_DIR: &str = "booked/presets";

/// The user's own presets in `source`'s folder (`booked/presets/NAME.toml`),
/// by name; files that do not load are reported by name with their error.
pub fn user_presets(source: &DataSource) -> Vec<(String, Result<HouseRules, DataError>)> {
    let Some(dir) = source.user_path(PRESETS_DIR) else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, Result<HouseRules, DataError>)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().to_string();
            let rules = std::fs::read_to_string(&p)
                .map_err(|e| DataError::file(p.display().to_string(), format!("cannot read: {e}")))
                .and_then(|t| parse_house_rules(&p.display().to_string(), &t));
            Some((name, rules))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Writes house rules as commented TOML.
pub fn house_rules_toml(rules: &HouseRules) -> String {
    format!(
        "# Booked! house rules. Every option of the rulebook; the defaults are the official game.\n\
         \n\
         # Cards dealt to each manager (official 7; the dial: 8).\n\
         deal_size = {}\n\
         # Discard down to this many at the end of your turn (official 9).\n\
         hand_limit = {}\n\
         # The discipline dial: remove 2 Yellows and 1 Red.\n\
         fewer_discipline = {}\n\
         # Once per match, the first Yellow shown to your star (10) is discarded.\n\
         captains_armband = {}\n\
         # Each manager claims a nation; tackles against it return two cards.\n\
         derby_night = {}\n\
         # Deal 3 extra, keep the deal size, pass 3 to your left at once.\n\
         squad_rotation = {}\n\
         # The GOOOAL! window takes answers to instants.\n\
         strict_var = {}\n\
         # Three matches, points, tiebreaks, sudden death.\n\
         group_stage = {}\n\
         # Deck rebuilds before a dry deck goes to penalties (official 1).\n\
         reshuffles_before_penalties = {}\n",
        rules.deal_size,
        rules.hand_limit,
        rules.fewer_discipline,
        rules.captains_armband,
        rules.derby_night,
        rules.squad_rotation,
        rules.strict_var,
        rules.group_stage,
        rules.reshuffles_before_penalties,
    )
}

/// Byte offset of `key = ...` at the start of a line, for locating errors
/// in flat files.
fn key_offset(text: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix(key)
            && rest.trim_start().starts_with('=')
        {
            return Some(offset + (line.len() - trimmed.len()));
        }
        offset += line.len();
    }
    None
}

// ----- raw file shapes -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNations {
    nation: Vec<Spanned<RawNation>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNation {
    code: Spanned<String>,
    name: Spanned<String>,
    kit: RawKit,
    players: Vec<Spanned<RawPlayer>>,
    #[serde(default)]
    copies: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKit {
    primary: Spanned<String>,
    secondary: Spanned<String>,
    text: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    number: Spanned<i64>,
    name: Spanned<String>,
    position: Spanned<String>,
    rating: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReferees {
    referee: Vec<Spanned<RawReferee>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReferee {
    effect: Spanned<String>,
    name: Spanned<String>,
    text: Spanned<String>,
    instant: Spanned<bool>,
    copies: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    set: RawSet,
    yellow: RawTextCard,
    red: RawTextCard,
    super_sub: RawTextCard,
    quick_rules: RawTextCard,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    name: String,
    total: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTextCard {
    name: Spanned<String>,
    text: Spanned<String>,
    copies: Spanned<i64>,
}

#[allow(clippy::too_many_arguments)] // a located range check needs all of these
fn check_range(
    file: &str,
    text: &str,
    v: &Spanned<i64>,
    lo: i64,
    hi: i64,
    card: &str,
    field: &str,
    errors: &mut Vec<DataError>,
) -> u8 {
    let x = *v.get_ref();
    if x < lo || x > hi {
        errors.push(
            DataError::file(file, format!("must be {lo}-{hi}, found {x}"))
                .at(text, v.span().start)
                .card(card)
                .field(field),
        );
        return lo.clamp(0, 255) as u8;
    }
    x as u8
}

fn validate_nations(
    file: &str,
    text: &str,
    raw: RawNations,
    errors: &mut Vec<DataError>,
) -> Vec<Nation> {
    let mut out = Vec::new();
    let mut codes = HashSet::new();
    let mut ids = HashSet::new();
    match raw.nation.first() {
        None => errors.push(DataError::file(
            file,
            "no [[nation]] found: the set needs at least 2 nations",
        )),
        Some(only) if raw.nation.len() == 1 => errors.push(
            DataError::file(
                file,
                "only one nation: the set needs at least 2, or every manager builds the same 7 and no tackle has a nation to aim at",
            )
            .at(text, only.span().start)
            .card(format!("nation {}", only.get_ref().code.get_ref().trim()))
            .field("nation"),
        ),
        Some(_) => {}
    }
    for rn in raw.nation {
        let nation_span = rn.span().start;
        let rn = rn.into_inner();
        let code = rn.code.get_ref().trim().to_string();
        let label = format!("nation {code}");
        let err = |msg: String, at: usize, field: &str| {
            DataError::file(file, msg)
                .at(text, at)
                .card(label.clone())
                .field(field)
        };
        if code.len() < 2 || code.len() > 4 || !code.chars().all(|c| c.is_ascii_uppercase()) {
            errors.push(err(
                format!("`{code}` must be 2-4 capital letters (A-Z)"),
                rn.code.span().start,
                "code",
            ));
        } else if !codes.insert(code.clone()) {
            errors.push(err(
                format!("code `{code}` is used by another nation"),
                rn.code.span().start,
                "code",
            ));
        }
        if rn.name.get_ref().trim().is_empty() {
            errors.push(err(
                "must not be empty".into(),
                rn.name.span().start,
                "name",
            ));
        }
        let colour =
            |s: &Spanned<String>, field: &str, errors: &mut Vec<DataError>| match Rgb::parse(
                s.get_ref(),
            ) {
                Ok(c) => c,
                Err(m) => {
                    errors.push(err(m, s.span().start, field));
                    Rgb(0, 0, 0)
                }
            };
        let kit = Kit {
            primary: colour(&rn.kit.primary, "kit.primary", errors),
            secondary: colour(&rn.kit.secondary, "kit.secondary", errors),
            text: colour(&rn.kit.text, "kit.text", errors),
        };
        let mut players = Vec::new();
        let mut numbers = HashSet::new();
        for rp in rn.players {
            let rp = rp.into_inner();
            let pname = rp.name.get_ref().trim().to_string();
            let number = *rp.number.get_ref();
            let card = format!("{code}-{number} ({pname})");
            let perr = |msg: String, at: usize, field: &str| {
                DataError::file(file, msg)
                    .at(text, at)
                    .card(card.clone())
                    .field(field)
            };
            if !(1..=99).contains(&number) {
                errors.push(perr(
                    format!("must be 1-99, found {number}"),
                    rp.number.span().start,
                    "number",
                ));
            } else if !numbers.insert(number) {
                errors.push(perr(
                    format!("shirt number {number} is used twice in {code}"),
                    rp.number.span().start,
                    "number",
                ));
            } else if !ids.insert(format!("{code}-{number}")) {
                errors.push(perr(
                    "this card id is not unique".into(),
                    rp.number.span().start,
                    "number",
                ));
            }
            if pname.is_empty() {
                errors.push(perr(
                    "must not be empty".into(),
                    rp.name.span().start,
                    "name",
                ));
            } else if pname.chars().count() > 28 {
                errors.push(perr(
                    format!(
                        "is {} characters; at most 28 fit on a card",
                        pname.chars().count()
                    ),
                    rp.name.span().start,
                    "name",
                ));
            }
            let position = match Position::parse(rp.position.get_ref()) {
                Some(p) => p,
                None => {
                    errors.push(perr(
                        format!(
                            "`{}` is not a position: use GK, DEF, MID or FWD",
                            rp.position.get_ref()
                        ),
                        rp.position.span().start,
                        "position",
                    ));
                    Position::MID
                }
            };
            let rating = check_range(file, text, &rp.rating, 1, 10, &card, "rating", errors);
            players.push(Player {
                number: number.clamp(0, 99) as u8,
                name: pname,
                position,
                rating,
            });
        }
        // Squad rules: the rulebook's squad of 11 ("14 nations x 11 squad
        // players"), a Starting 7 must be possible, and one star.
        if players.len() != SQUAD_SIZE {
            errors.push(err(
                format!(
                    "{} has {} players; a squad has exactly {SQUAD_SIZE}, as in the rulebook",
                    rn.name.get_ref(),
                    players.len()
                ),
                nation_span,
                "players",
            ));
        }
        // A Starting 7 must be possible, and one star.
        let count = |p: Position| players.iter().filter(|x| x.position == p).count();
        for pos in Position::ALL {
            let need = usize::from(pos.needed());
            if count(pos) < need {
                errors.push(err(
                    format!(
                        "{} has {} {pos}; a Starting 7 needs at least {need}{}",
                        rn.name.get_ref(),
                        count(pos),
                        if pos == Position::GK {
                            " (a nation without a keeper)"
                        } else {
                            ""
                        }
                    ),
                    nation_span,
                    "players",
                ));
            }
        }
        let stars = players.iter().filter(|p| p.rating == 10).count();
        if stars != 1 {
            errors.push(err(
                format!(
                    "{} has {stars} stars (rating 10); a squad has exactly one",
                    rn.name.get_ref()
                ),
                nation_span,
                "players",
            ));
        }
        let copies = rn.copies.as_ref().map_or(1, |c| {
            check_range(file, text, c, 1, 4, &label, "copies", errors)
        });
        out.push(Nation {
            code,
            name: rn.name.get_ref().trim().to_string(),
            kit,
            players,
            copies,
        });
    }
    if out.len() > 200 {
        errors.push(DataError::file(file, "at most 200 nations are supported"));
    }
    out
}

fn validate_referees(
    file: &str,
    text: &str,
    raw: RawReferees,
    errors: &mut Vec<DataError>,
) -> Vec<RefereeCard> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for rr in raw.referee {
        let rr = rr.into_inner();
        let key = rr.effect.get_ref().trim().to_string();
        let card = format!("referee {key}");
        let err = |msg: String, at: usize, field: &str| {
            DataError::file(file, msg)
                .at(text, at)
                .card(card.clone())
                .field(field)
        };
        let Some(effect) = Referee::from_key(&key) else {
            let keys: Vec<&str> = Referee::ALL.iter().map(|r| r.key()).collect();
            errors.push(err(
                format!("`{key}` is not an official; use one of {}", keys.join(", ")),
                rr.effect.span().start,
                "effect",
            ));
            continue;
        };
        if !seen.insert(effect) {
            errors.push(err(
                format!("`{key}` is listed twice; use `copies` for more cards"),
                rr.effect.span().start,
                "effect",
            ));
        }
        if *rr.instant.get_ref() != effect.is_instant() {
            errors.push(err(
                format!(
                    "{} {} an instant in the rules, so `instant` must be {}",
                    effect.title(),
                    if effect.is_instant() { "is" } else { "is not" },
                    effect.is_instant()
                ),
                rr.instant.span().start,
                "instant",
            ));
        }
        if rr.name.get_ref().trim().is_empty() {
            errors.push(err(
                "must not be empty".into(),
                rr.name.span().start,
                "name",
            ));
        }
        let copies = check_range(file, text, &rr.copies, 0, 20, &card, "copies", errors);
        out.push(RefereeCard {
            effect,
            name: rr.name.get_ref().trim().to_string(),
            text: rr.text.get_ref().trim().to_string(),
            copies,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `copies = 2` on a nation prints its squad twice, each card with an
    /// id of its own; a count out of 1-4 is refused naming the field.
    #[test]
    fn a_nation_printed_twice_adds_its_squad_again() {
        let edit = |copies: &str, total: &str| {
            let nations = DataSource::embedded_file("booked/nations.toml").unwrap_or_default();
            let at = nations.find("code = \"BRA\"").unwrap_or(0);
            let nations = format!("{}copies = {copies}\n{}", &nations[..at], &nations[at..]);
            let deck = DataSource::embedded_file("booked/deck.toml").unwrap_or_default();
            let mut source = DataSource::embedded();
            source
                .overrides
                .insert("booked/nations.toml".into(), nations);
            source.overrides.insert(
                "booked/deck.toml".into(),
                deck.replace("total = 198", &format!("total = {total}")),
            );
            BookedDeck::load(&source)
        };
        let deck = edit("2", "209").unwrap_or_else(|e| panic!("{e}"));
        let cards = deck.physical_cards();
        assert_eq!(cards.len(), 209);
        let brazil = cards.iter().filter(|c| c.nation == Some(0)).count();
        assert_eq!(brazil, 22);
        let ids: HashSet<&str> = cards.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids.len(), 209, "every card its own id");
        assert!(ids.contains("BRA-9") && ids.contains("BRA-9-2"));
        let err = edit("5", "198")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("card nation BRA, field `copies`: must be 1-4, found 5"),
            "{err}"
        );
    }

    #[test]
    fn the_default_set_is_the_198_card_core_set() {
        let deck = BookedDeck::default_set().unwrap_or_else(|e| panic!("{e}"));
        let counts = deck.counts();
        assert_eq!(deck.physical_cards().len(), 198);
        assert_eq!(counts[&Kind::Player], 154);
        assert_eq!(counts[&Kind::Referee], 22);
        assert_eq!(counts[&Kind::Yellow], 8);
        assert_eq!(counts[&Kind::Red], 4);
        assert_eq!(counts[&Kind::SuperSub], 6);
        assert_eq!(counts[&Kind::QuickRules], 4);
        assert_eq!(deck.nations.len(), 14);
        for n in &deck.nations {
            let mut r: Vec<(Position, u8)> =
                n.players.iter().map(|p| (p.position, p.rating)).collect();
            r.sort();
            use Position::*;
            let official = vec![
                (GK, 7),
                (DEF, 5),
                (DEF, 6),
                (DEF, 6),
                (DEF, 8),
                (MID, 6),
                (MID, 7),
                (MID, 9),
                (FWD, 6),
                (FWD, 8),
                (FWD, 10),
            ];
            assert_eq!(r, official, "{}", n.code);
        }
        let set = deck.card_set();
        let unique: HashSet<&String> = set.names.iter().collect();
        assert_eq!(unique.len(), set.names.len(), "card ids are unique");
    }

    #[test]
    fn errors_name_file_line_card_and_field() {
        let text = DataSource::embedded_file(NATIONS_FILE).unwrap_or_default();
        let broken = text.replacen("rating = 10", "rating = 12", 1);
        let raw: RawNations = parse_toml("n.toml", &broken).unwrap_or_else(|e| panic!("{e}"));
        let mut errors = Vec::new();
        validate_nations("n.toml", &broken, raw, &mut errors);
        let msg = errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n");
        let line = broken[..broken.find("rating = 12").unwrap_or(0)]
            .matches('\n')
            .count()
            + 1;
        assert!(msg.contains(&format!("n.toml:{line}:")), "{msg}");
        assert!(
            msg.contains("field `rating`: must be 1-10, found 12"),
            "{msg}"
        );
        // The squad also lost its star.
        assert!(msg.contains("0 stars"), "{msg}");
    }

    #[test]
    fn syntax_errors_are_located_not_panics() {
        let e = parse_toml::<RawNations>("n.toml", "[[nation]]\ncode = \"BRA\nname = 1").err();
        let e = e.map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("n.toml:2:"), "{e}");
    }

    #[test]
    fn house_rules_round_trip_and_range_errors() {
        let rules = HouseRules {
            deal_size: 8,
            captains_armband: true,
            ..HouseRules::default()
        };
        let text = house_rules_toml(&rules);
        assert_eq!(parse_house_rules("h.toml", &text), Ok(rules));
        let bad = text.replace("hand_limit = 9", "hand_limit = 99");
        let e = parse_house_rules("h.toml", &bad)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("field `hand_limit`"), "{e}");
        assert!(e.starts_with("h.toml:6:"), "{e}");
    }
}

//! Flip Duel's cards: the double-sided card types and the loader of the two
//! team packs.
//!
//! `card_data/flip_duel/red.toml` and `blue.toml` hold one pack each,
//! described field by field in their header comments and in
//! `docs/flip-duel.md` (sections 1 and 10). The loader works on in-memory
//! `(file name, text)` pairs, so it never touches the file system; every
//! problem becomes a [`DataError`] naming the file, line, column, card and
//! field, and nothing here panics on any input. The rules only see the
//! validated [`CardSet`].

use crate::cards::{DataError, DataErrors, parse_toml};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use toml::Spanned;

/// A card's number in a [`CardSet`]: seat 0's pack (Red) first, then seat
/// 1's (Blue).
pub type CardId = u16;

/// Sections in every area, numbered 1-5 from left to right in files and
/// 0-4 in the engine.
pub const SECTIONS: usize = 5;
/// Cards in a team pack (45 for the halves plus 8 for injury time).
pub const DECK_SIZE: usize = 53;
/// The highest number the assistant referee holds up.
pub const MAX_REFEREE: u8 = 8;

/// The red pack's file in `card_data/`.
pub const RED_FILE: &str = "card_data/flip_duel/red.toml";
/// The blue pack's file in `card_data/`.
pub const BLUE_FILE: &str = "card_data/flip_duel/blue.toml";

/// The default packs, embedded in the binary.
const RED_TEXT: &str = include_str!("../../../../card_data/flip_duel/red.toml");
const BLUE_TEXT: &str = include_str!("../../../../card_data/flip_duel/blue.toml");

/// One of the four colour-coded areas. Both sides of a card have the same
/// four, so an attack area is always compared with the same area of the
/// defence side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Green: open play (the attack side's Attack area against the defence
    /// side's Defend area).
    Attack,
    /// Red: shots (Goal area against the Save area).
    Goal,
    /// Yellow: penalties.
    Penalty,
    /// Blue: free kicks.
    FreeKick,
}

impl Area {
    /// The four areas in card order.
    pub const ALL: [Area; 4] = [Area::Attack, Area::Goal, Area::Penalty, Area::FreeKick];

    /// 0-3, the area's place on the card.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The attack side's key in files (`attack`, `goal`, `penalty`,
    /// `free_kick`).
    pub fn attack_key(self) -> &'static str {
        match self {
            Area::Attack => "attack",
            Area::Goal => "goal",
            Area::Penalty => "penalty",
            Area::FreeKick => "free_kick",
        }
    }

    /// The defence side's key in files (`defend`, `save`, `penalty`,
    /// `free_kick`).
    pub fn defence_key(self) -> &'static str {
        match self {
            Area::Attack => "defend",
            Area::Goal => "save",
            Area::Penalty => "penalty",
            Area::FreeKick => "free_kick",
        }
    }

    /// The printed name of the attack side's area.
    pub fn attack_name(self) -> &'static str {
        match self {
            Area::Attack => "attack area",
            Area::Goal => "goal area",
            Area::Penalty => "penalty area",
            Area::FreeKick => "free-kick area",
        }
    }

    /// The printed name of the defence side's area.
    pub fn defence_name(self) -> &'static str {
        match self {
            Area::Attack => "defend area",
            Area::Goal => "save area",
            Area::Penalty => "penalty area",
            Area::FreeKick => "free-kick area",
        }
    }

    /// The marks a defence-side section of this area may show.
    pub fn marks(self) -> &'static [Mark] {
        match self {
            Area::Attack => &[
                Mark::Empty,
                Mark::Defender,
                Mark::Offside,
                Mark::Foul,
                Mark::LongBall,
            ],
            Area::Goal => &[
                Mark::Net,
                Mark::Keeper,
                Mark::Defender,
                Mark::Wide,
                Mark::Foul,
                Mark::Rebound,
                Mark::Corner,
            ],
            Area::Penalty => &[Mark::Net, Mark::Block, Mark::Post, Mark::Wide],
            Area::FreeKick => &[Mark::Net, Mark::Wall, Mark::Post, Mark::Wide],
        }
    }
}

/// What one section of a defence-side area shows. Each section shows
/// exactly one thing; which marks an area allows is [`Area::marks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Open grass (defend area): the attack gets through.
    Empty,
    /// A defender, or any part of one: tackle (defend area), blocked shot
    /// (save area).
    Defender,
    /// The assistant's raised flag: offside.
    Offside,
    /// Foul or hand ball: a free kick (defend area) or a penalty (save area).
    Foul,
    /// A goal symbol in the defend area: a long ball, the next card is a shot.
    LongBall,
    /// The goal net with nobody in front of it: a goal.
    Net,
    /// The goalkeeper: the shot is saved.
    Keeper,
    /// No net: the shot, penalty or free kick misses.
    Wide,
    /// Rebound off a defender or the keeper: another shot.
    Rebound,
    /// Corner: another shot.
    Corner,
    /// The penalty-blocking symbol (the keeper's glove): the penalty is saved.
    Block,
    /// The free-kick blocking symbol (the wall): the free kick is blocked.
    Wall,
    /// Post or crossbar.
    Post,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 13] = [
        Mark::Empty,
        Mark::Defender,
        Mark::Offside,
        Mark::Foul,
        Mark::LongBall,
        Mark::Net,
        Mark::Keeper,
        Mark::Wide,
        Mark::Rebound,
        Mark::Corner,
        Mark::Block,
        Mark::Wall,
        Mark::Post,
    ];

    /// The word used in files.
    pub fn key(self) -> &'static str {
        match self {
            Mark::Empty => "empty",
            Mark::Defender => "defender",
            Mark::Offside => "offside",
            Mark::Foul => "foul",
            Mark::LongBall => "long_ball",
            Mark::Net => "net",
            Mark::Keeper => "keeper",
            Mark::Wide => "wide",
            Mark::Rebound => "rebound",
            Mark::Corner => "corner",
            Mark::Block => "block",
            Mark::Wall => "wall",
            Mark::Post => "post",
        }
    }

    /// Parses the word used in files.
    pub fn parse(s: &str) -> Option<Mark> {
        let s = s.trim();
        Mark::ALL.into_iter().find(|m| m.key() == s)
    }

    /// A readable name for logs.
    pub fn describe(self) -> &'static str {
        match self {
            Mark::Empty => "open grass",
            Mark::Defender => "a defender",
            Mark::Offside => "the offside flag",
            Mark::Foul => "a foul",
            Mark::LongBall => "a long ball",
            Mark::Net => "the open net",
            Mark::Keeper => "the goalkeeper",
            Mark::Wide => "no net",
            Mark::Rebound => "a rebound",
            Mark::Corner => "a corner",
            Mark::Block => "the penalty block",
            Mark::Wall => "the wall",
            Mark::Post => "the post",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A team as printed on its pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Unique id (`red`).
    pub id: String,
    /// The name used in the log (`Red`).
    pub name: String,
    /// The team colour, `#rrggbb`.
    pub colour: String,
    /// The second colour, `#rrggbb`.
    pub accent: String,
}

/// One double-sided card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Unique id across both packs (`red-07`).
    pub id: String,
    /// The printed name of the move.
    pub name: String,
    /// The key of its picture.
    pub art: String,
    /// 0 for the first pack (Red), 1 for the second (Blue).
    pub team: u8,
    /// Attack side: the ball's section (0-4) in each area, in [`Area::ALL`]
    /// order.
    pub ball: [u8; 4],
    /// Defence side: what each section shows, per area in [`Area::ALL`]
    /// order.
    pub defence: [[Mark; SECTIONS]; 4],
    /// Defence side: the assistant referee's number (1-8).
    pub referee: u8,
}

impl Card {
    /// The ball's section (0-4) in `area` of the attack side.
    pub fn ball(&self, area: Area) -> u8 {
        self.ball.get(area.index()).copied().unwrap_or(0)
    }

    /// What section `section` (0-4) of `area` shows on the defence side.
    pub fn mark(&self, area: Area, section: u8) -> Mark {
        self.defence
            .get(area.index())
            .and_then(|a| a.get(usize::from(section)))
            .copied()
            .unwrap_or(Mark::Empty)
    }

    /// What the defence side of this card shows where `attack`'s ball lies
    /// in `area`.
    pub fn meets(&self, attack: &Card, area: Area) -> Mark {
        self.mark(area, attack.ball(area))
    }
}

/// Both validated packs: seat 0's team (Red) then seat 1's (Blue), card ids
/// `0..n` and `n..2n`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet {
    /// The two teams, seat 0's first.
    pub teams: [Team; 2],
    /// Every card, seat 0's pack first.
    pub cards: Vec<Card>,
}

impl CardSet {
    /// The default packs from `card_data/flip_duel/`.
    pub fn default_set() -> Result<CardSet, DataErrors> {
        CardSet::load(&[(RED_FILE, RED_TEXT), (BLUE_FILE, BLUE_TEXT)])
    }

    /// Loads and validates two packs given as `(file name, text)` pairs,
    /// seat 0's team first; reports every problem found.
    pub fn load(files: &[(&str, &str)]) -> Result<CardSet, DataErrors> {
        let [(f0, t0), (f1, t1)] = files else {
            return Err(DataErrors(vec![DataError::file(
                "card_data/flip_duel",
                format!(
                    "Flip Duel needs exactly two packs (Red and Blue), {} given",
                    files.len()
                ),
            )]));
        };
        let mut errors = Vec::new();
        let mut ids = HashSet::new();
        let a = load_pack(f0, t0, 0, &mut ids, &mut errors);
        let b = load_pack(f1, t1, 1, &mut ids, &mut errors);
        match (a, b) {
            (Some((ta, ca)), Some((tb, cb))) if errors.is_empty() => {
                let mut cards = ca;
                cards.extend(cb);
                Ok(CardSet {
                    teams: [ta, tb],
                    cards,
                })
            }
            _ => Err(DataErrors(errors)),
        }
    }

    /// Cards in both packs.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set is empty (never, once validated).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Cards in one pack.
    pub fn pack_size(&self) -> usize {
        self.cards.len() / 2
    }

    /// A card.
    pub fn card(&self, id: CardId) -> Option<&Card> {
        self.cards.get(usize::from(id))
    }

    /// A card's id string (`red-07`), or `?` for a number not in the set.
    pub fn name(&self, id: CardId) -> &str {
        self.card(id).map_or("?", |c| c.id.as_str())
    }

    /// A card's printed name and id (`Overlap (red-01)`).
    pub fn label(&self, id: CardId) -> String {
        self.card(id)
            .map_or_else(|| "?".to_string(), |c| format!("{} ({})", c.name, c.id))
    }

    /// Finds a card by its id string (case-insensitive).
    pub fn find(&self, id: &str) -> Option<CardId> {
        let id = id.trim();
        self.cards
            .iter()
            .position(|c| c.id.eq_ignore_ascii_case(id))
            .and_then(|i| CardId::try_from(i).ok())
    }

    /// The card numbers of seat `team`'s pack (0 or 1).
    pub fn pack(&self, team: u8) -> std::ops::Range<CardId> {
        // Saturating: a set built outside the loader may be any size.
        let n = CardId::try_from(self.pack_size()).unwrap_or(CardId::MAX / 2);
        let start = n.saturating_mul(CardId::from(team.min(1)));
        start..start.saturating_add(n)
    }

    /// The team (0 or 1) a card belongs to.
    pub fn team_of(&self, id: CardId) -> Option<u8> {
        self.card(id).map(|c| c.team)
    }

    /// A team's name (`Red`), by team number.
    pub fn team_name(&self, team: u8) -> &str {
        self.teams
            .get(usize::from(team))
            .map_or("?", |t| t.name.as_str())
    }
}

// ----- raw file structs -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPack {
    team: Spanned<RawTeam>,
    #[serde(default)]
    card: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTeam {
    id: Spanned<String>,
    name: Spanned<String>,
    colour: Spanned<String>,
    accent: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: Spanned<String>,
    name: Spanned<String>,
    art: Option<Spanned<String>>,
    attack: Spanned<RawAttack>,
    defence: Spanned<RawDefence>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAttack {
    attack: Spanned<i64>,
    goal: Spanned<i64>,
    penalty: Spanned<i64>,
    free_kick: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefence {
    defend: Spanned<Vec<Spanned<String>>>,
    save: Spanned<Vec<Spanned<String>>>,
    penalty: Spanned<Vec<Spanned<String>>>,
    free_kick: Spanned<Vec<Spanned<String>>>,
    referee: Spanned<i64>,
}

/// Where errors of one card are reported.
struct At<'a> {
    file: &'a str,
    text: &'a str,
    card: Option<String>,
}

impl At<'_> {
    fn err(&self, message: impl Into<String>, offset: usize, field: &str) -> DataError {
        let mut e = DataError::file(self.file, message)
            .at(self.text, offset)
            .field(field);
        if let Some(c) = &self.card {
            e = e.card(c.clone());
        }
        e
    }
}

fn check_id(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn check_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s.chars().skip(1).all(|c| c.is_ascii_hexdigit())
}

/// Loads one pack; `None` when it is too broken to use (errors pushed).
fn load_pack(
    file: &str,
    text: &str,
    team: u8,
    ids: &mut HashSet<String>,
    errors: &mut Vec<DataError>,
) -> Option<(Team, Vec<Card>)> {
    let raw: RawPack = match parse_toml(file, text) {
        Ok(r) => r,
        Err(e) => {
            errors.push(e);
            return None;
        }
    };
    let before = errors.len();
    let at = At {
        file,
        text,
        card: None,
    };
    let rt = raw.team.get_ref();
    if !check_id(rt.id.get_ref()) {
        errors.push(at.err(
            format!(
                "`{}`: a team id uses lower-case letters, digits and '-'",
                rt.id.get_ref()
            ),
            rt.id.span().start,
            "team.id",
        ));
    } else if !ids.insert(rt.id.get_ref().clone()) {
        errors.push(at.err(
            format!("`{}` is used twice", rt.id.get_ref()),
            rt.id.span().start,
            "team.id",
        ));
    }
    if rt.name.get_ref().trim().is_empty() {
        errors.push(at.err("the team needs a name", rt.name.span().start, "team.name"));
    }
    for (v, field) in [(&rt.colour, "team.colour"), (&rt.accent, "team.accent")] {
        if !check_colour(v.get_ref()) {
            errors.push(at.err(
                format!("`{}`: write a colour as \"#rrggbb\"", v.get_ref()),
                v.span().start,
                field,
            ));
        }
    }
    let team_info = Team {
        id: rt.id.get_ref().clone(),
        name: rt.name.get_ref().trim().to_string(),
        colour: rt.colour.get_ref().clone(),
        accent: rt.accent.get_ref().clone(),
    };
    if raw.card.len() != DECK_SIZE {
        let off = raw
            .card
            .get(DECK_SIZE)
            .map_or(text.len(), |c| c.span().start);
        errors.push(at.err(
            format!(
                "a pack has {DECK_SIZE} cards (45 for the halves and 8 for injury time); this file has {}",
                raw.card.len()
            ),
            off,
            "card",
        ));
    }
    let mut cards = Vec::new();
    for rc in &raw.card {
        if let Some(c) = load_card(file, text, team, rc.get_ref(), ids, errors) {
            cards.push(c);
        }
    }
    (errors.len() == before).then_some((team_info, cards))
}

fn load_card(
    file: &str,
    text: &str,
    team: u8,
    rc: &RawCard,
    ids: &mut HashSet<String>,
    errors: &mut Vec<DataError>,
) -> Option<Card> {
    let before = errors.len();
    let id = rc.id.get_ref().trim().to_string();
    let at = At {
        file,
        text,
        card: Some(format!("{id} ({})", rc.name.get_ref().trim())),
    };
    if !check_id(&id) {
        errors.push(at.err(
            format!("`{id}`: a card id uses lower-case letters, digits and '-'"),
            rc.id.span().start,
            "id",
        ));
    } else if !ids.insert(id.clone()) {
        errors.push(at.err(
            format!("`{id}` is used twice (ids are unique across both packs)"),
            rc.id.span().start,
            "id",
        ));
    }
    if rc.name.get_ref().trim().is_empty() {
        errors.push(at.err("the card needs a name", rc.name.span().start, "name"));
    }
    let art = match &rc.art {
        Some(a) if a.get_ref().trim().is_empty() => {
            errors.push(at.err("leave `art` out rather than empty", a.span().start, "art"));
            String::new()
        }
        Some(a) => a.get_ref().trim().to_string(),
        None => id.clone(),
    };
    let ra = rc.attack.get_ref();
    let mut ball = [0u8; 4];
    for (slot, area, v) in [
        (0, Area::Attack, &ra.attack),
        (1, Area::Goal, &ra.goal),
        (2, Area::Penalty, &ra.penalty),
        (3, Area::FreeKick, &ra.free_kick),
    ] {
        let n = *v.get_ref();
        match u8::try_from(n) {
            Ok(s) if (1..=SECTIONS as u8).contains(&s) => {
                if let Some(b) = ball.get_mut(slot) {
                    *b = s - 1;
                }
            }
            _ => errors.push(at.err(
                format!("the ball lies in a section 1-{SECTIONS}, not {n}"),
                v.span().start,
                &format!("attack.{}", area.attack_key()),
            )),
        }
    }
    let rd = rc.defence.get_ref();
    let mut defence = [[Mark::Empty; SECTIONS]; 4];
    for (slot, area, list) in [
        (0, Area::Attack, &rd.defend),
        (1, Area::Goal, &rd.save),
        (2, Area::Penalty, &rd.penalty),
        (3, Area::FreeKick, &rd.free_kick),
    ] {
        let field = format!("defence.{}", area.defence_key());
        if list.get_ref().len() != SECTIONS {
            errors.push(at.err(
                format!(
                    "an area has {SECTIONS} sections, so {SECTIONS} words; this one has {}",
                    list.get_ref().len()
                ),
                list.span().start,
                &field,
            ));
            continue;
        }
        for (i, w) in list.get_ref().iter().enumerate() {
            let allowed = area.marks();
            match Mark::parse(w.get_ref()) {
                Some(m) if allowed.contains(&m) => {
                    if let Some(x) = defence.get_mut(slot).and_then(|a| a.get_mut(i)) {
                        *x = m;
                    }
                }
                _ => {
                    let words: Vec<&str> = allowed.iter().map(|m| m.key()).collect();
                    errors.push(at.err(
                        format!(
                            "section {}: `{}` cannot appear in the {}: use {}",
                            i + 1,
                            w.get_ref(),
                            area.defence_name(),
                            words.join(", ")
                        ),
                        w.span().start,
                        &field,
                    ));
                }
            }
        }
    }
    let r = *rd.referee.get_ref();
    let referee = match u8::try_from(r) {
        Ok(n) if (1..=MAX_REFEREE).contains(&n) => n,
        _ => {
            errors.push(at.err(
                format!("the assistant referee holds up 1-{MAX_REFEREE}, not {r}"),
                rd.referee.span().start,
                "defence.referee",
            ));
            1
        }
    };
    (errors.len() == before).then(|| Card {
        id,
        name: rc.name.get_ref().trim().to_string(),
        art,
        team,
        ball,
        defence,
        referee,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_card(body: &str) -> String {
        let mut s = String::from(
            "[team]\nid = \"red\"\nname = \"Red\"\ncolour = \"#c8102e\"\naccent = \"#ffffff\"\n",
        );
        for i in 0..DECK_SIZE {
            if i == 0 {
                s.push_str(body);
            } else {
                s.push_str(&format!(
                    "[[card]]\nid = \"r-{i}\"\nname = \"C\"\n[card.attack]\nattack = 1\ngoal = 1\npenalty = 1\nfree_kick = 1\n[card.defence]\ndefend = [\"empty\", \"empty\", \"empty\", \"empty\", \"empty\"]\nsave = [\"net\", \"net\", \"net\", \"net\", \"net\"]\npenalty = [\"net\", \"net\", \"net\", \"net\", \"net\"]\nfree_kick = [\"net\", \"net\", \"net\", \"net\", \"net\"]\nreferee = 2\n"
                ));
            }
        }
        s
    }

    #[test]
    fn the_default_packs_load_and_are_the_same_designs() {
        let set = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.len(), 2 * DECK_SIZE);
        for (r, b) in set.cards.iter().zip(set.cards.iter().skip(DECK_SIZE)) {
            assert_eq!(
                (r.ball, r.defence, r.referee),
                (b.ball, b.defence, b.referee)
            );
            assert_eq!((r.team, b.team), (0, 1));
            assert_ne!(r.id, b.id);
        }
        assert_eq!(set.find("BLUE-01"), Some(DECK_SIZE as CardId));
    }

    #[test]
    fn a_missing_field_is_located_with_card_and_field() {
        // The shipped Red pack with the referee number of its 20th card
        // taken out.
        let mut lines: Vec<&str> = RED_TEXT.lines().collect();
        let Some(i) = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("referee = "))
            .nth(19)
            .map(|(i, _)| i)
        else {
            panic!("the Red pack has fewer than 20 referee lines")
        };
        lines.remove(i);
        let red = lines.join("\n");
        let e = CardSet::load(&[("red.toml", &red), ("blue.toml", BLUE_TEXT)])
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        let text = e.to_string();
        assert!(text.contains("red.toml:"), "{text}");
        assert!(text.contains("missing field `referee`"), "{text}");
        assert!(text.contains("card red-20"), "{text}");
        assert!(text.contains("field `defence.referee`"), "{text}");
    }

    #[test]
    fn a_bad_word_is_located_with_card_and_field() {
        let body = "[[card]]\nid = \"r-0\"\nname = \"Bad\"\n[card.attack]\nattack = 6\ngoal = 1\npenalty = 1\nfree_kick = 1\n[card.defence]\ndefend = [\"empty\", \"keeper\", \"empty\", \"empty\", \"empty\"]\nsave = [\"net\", \"net\", \"net\", \"net\"]\npenalty = [\"net\", \"net\", \"net\", \"net\", \"net\"]\nfree_kick = [\"net\", \"net\", \"net\", \"net\", \"net\"]\nreferee = 9\n";
        let red = one_card(body);
        let blue = one_card(body)
            .replace("\"red\"", "\"blue\"")
            .replace("r-", "b-");
        let e = CardSet::load(&[("red.toml", &red), ("blue.toml", &blue)])
            .err()
            .unwrap_or_else(|| panic!("accepted"));
        let text = e.to_string();
        assert!(
            text.contains("red.toml:10:10: card r-0 (Bad), field `attack.attack`: the ball lies in a section 1-5, not 6"),
            "{text}"
        );
        assert!(
            text.contains(
                "field `defence.defend`: section 2: `keeper` cannot appear in the defend area"
            ),
            "{text}"
        );
        assert!(
            text.contains("field `defence.save`: an area has 5 sections"),
            "{text}"
        );
        assert!(
            text.contains("field `defence.referee`: the assistant referee holds up 1-8, not 9"),
            "{text}"
        );
        assert!(text.contains("blue.toml"), "{text}");
    }

    #[test]
    fn nothing_panics_on_broken_input() {
        for t in [
            "",
            "[team",
            "team = 3",
            "[[card]]\nid = 1",
            "\u{feff}ü = \"x\"",
        ] {
            assert!(CardSet::load(&[("a", t), ("b", t)]).is_err());
        }
        assert!(CardSet::load(&[("a", "")]).is_err());
        let red = one_card("");
        let e = CardSet::load(&[("r", &red), ("b", &red)])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("this file has 52"), "{e}");
        assert!(e.contains("is used twice"), "{e}");
    }
}

//! Card fields: the generic bridge between a deck's data and its templates.
//!
//! Every game's deck turns its cards into
//! [`PrintCard`]s: an id, a kind, the template to draw it with and a flat
//! map of named values (`name`, `rating`, `nation.name`, `kit.primary`...).
//! A double-sided card (a Player's trained side, a Sponsor's logo
//! side) carries its other side as its own back; every other card shows the
//! deck's shared back.
//! Templates refer to those names only, so layout never depends on a deck's
//! types. Also here: [`Selection`], which picks cards for a reprint.
//! Plain data: no I/O, no drawing.

use crate::cards::Rgb;
use std::collections::BTreeMap;
use std::fmt;

/// A field's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Printed text.
    Text(String),
    /// A whole number (ratings, shirt numbers, copies).
    Int(i64),
    /// A yes/no flag (for `when = "..."` conditions).
    Bool(bool),
    /// A colour (kit colours).
    Color(Rgb),
}

impl Value {
    /// Whether the value counts as "yes" in a condition: non-empty text,
    /// a non-zero number, `true`, any colour.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Text(t) => !t.trim().is_empty(),
            Value::Int(n) => *n != 0,
            Value::Bool(b) => *b,
            Value::Color(_) => true,
        }
    }

    /// The value as a colour, when it is one (or text that parses as one).
    pub fn color(&self) -> Option<Rgb> {
        match self {
            Value::Color(c) => Some(*c),
            Value::Text(t) => Rgb::parse(t).ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Text(t) => f.write_str(t),
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Color(c) => write!(f, "{c}"),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Text(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Text(s)
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Int(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<Rgb> for Value {
    fn from(c: Rgb) -> Self {
        Value::Color(c)
    }
}

/// A card's named values.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Fields(BTreeMap<String, Value>);

impl Fields {
    /// No fields.
    pub fn new() -> Fields {
        Fields::default()
    }

    /// Sets a field (builder style).
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Fields {
        self.set(name, value);
        self
    }

    /// Sets a field.
    pub fn set(&mut self, name: &str, value: impl Into<Value>) {
        self.0.insert(name.to_string(), value.into());
    }

    /// A field's value.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.get(name.trim())
    }

    /// The field names, sorted (for error messages).
    pub fn names(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }

    /// Replaces every `{field}` in `pattern` with the field's value; `{{`
    /// and `}}` stand for literal braces. Fails with the first unknown name.
    pub fn interpolate(&self, pattern: &str) -> Result<String, String> {
        let mut out = String::with_capacity(pattern.len());
        let mut rest = pattern;
        while let Some(i) = rest.find(['{', '}']) {
            out.push_str(&rest[..i]);
            let tail = &rest[i..];
            if let Some(t) = tail.strip_prefix("{{") {
                out.push('{');
                rest = t;
            } else if let Some(t) = tail.strip_prefix("}}") {
                out.push('}');
                rest = t;
            } else if let Some(t) = tail.strip_prefix('{') {
                let Some(end) = t.find('}') else {
                    return Err(format!("`{{` without a closing `}}` in `{pattern}`"));
                };
                let name = &t[..end];
                match self.get(name) {
                    Some(v) => out.push_str(&v.to_string()),
                    None => return Err(name.trim().to_string()),
                }
                rest = &t[end + 1..];
            } else {
                // A lone `}` prints as itself.
                out.push('}');
                rest = &tail[1..];
            }
        }
        out.push_str(rest);
        Ok(out)
    }
}

/// One printable card.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintCard {
    /// Unique readable id (`BRA-9`, `var_review-2`).
    pub id: String,
    /// The kind key used in selections (`player`, `referee`).
    pub kind: String,
    /// The template that draws it (a name in the deck's template set).
    pub template: String,
    /// Its values.
    pub fields: Fields,
    /// The other side of a double-sided card, printed behind it instead of
    /// the deck's shared back; `None` for a card with the shared back.
    pub back: Option<Box<PrintCard>>,
}

impl PrintCard {
    /// A single-sided card (it shows the deck's shared back).
    pub fn new(
        id: impl Into<String>,
        kind: impl Into<String>,
        template: impl Into<String>,
        fields: Fields,
    ) -> PrintCard {
        PrintCard {
            id: id.into(),
            kind: kind.into(),
            template: template.into(),
            fields,
            back: None,
        }
    }

    /// A deck's shared back: the `back` template with the set's name and
    /// the picture `<game>/art/back.png`.
    pub fn shared_back(game: &str, set: &str) -> PrintCard {
        PrintCard::new(
            "back",
            "back",
            "back",
            Fields::new()
                .with("id", "back")
                .with("kind", "back")
                .with("set", set)
                .with("art", format!("{game}/art/back.png")),
        )
    }

    /// The card with `back` as its own other side.
    pub fn with_back(mut self, back: PrintCard) -> PrintCard {
        self.back = Some(Box::new(back));
        self
    }

    /// What prints behind this card: its own other side, or `shared`.
    pub fn back_or<'a>(&'a self, shared: &'a PrintCard) -> &'a PrintCard {
        self.back.as_deref().unwrap_or(shared)
    }
}

/// A deck ready to print: its cards, in order, and its back.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintDeck {
    /// The game's folder name; also the template folder's name.
    pub game: String,
    /// The set's printed name.
    pub title: String,
    /// Every physical card (copies already expanded).
    pub cards: Vec<PrintCard>,
    /// The back shared by the deck's single-sided cards.
    pub back: PrintCard,
}

/// Which cards to print.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Selection {
    /// The whole deck.
    #[default]
    Deck,
    /// Cards of these kinds.
    Kinds(Vec<String>),
    /// These cards; an id without its copy number (`var_review`) means
    /// every copy.
    Ids(Vec<String>),
    /// Cards of these decks within the game (a card kind such as `staff`
    /// or `referee`) or of these Booked! nations (`GER`), any of them.
    Only(Vec<String>),
}

/// Whether `card` belongs to the deck or nation `selector`.
fn in_group(selector: &str, card: &PrintCard) -> bool {
    selector.eq_ignore_ascii_case(&card.kind)
        || card
            .fields
            .get("nation.code")
            .is_some_and(|n| selector.eq_ignore_ascii_case(&n.to_string()))
}

/// The selectors `--only` accepts for `deck`: its kinds, then its nation
/// codes, each once, in deck order.
pub fn only_selectors(deck: &PrintDeck) -> Vec<String> {
    let mut kinds: Vec<String> = Vec::new();
    let mut nations: Vec<String> = Vec::new();
    for c in &deck.cards {
        if !kinds.contains(&c.kind) {
            kinds.push(c.kind.clone());
        }
        if let Some(n) = c.fields.get("nation.code").map(ToString::to_string)
            && !nations.contains(&n)
        {
            nations.push(n);
        }
    }
    kinds.extend(nations);
    kinds
}

impl Selection {
    /// Parses `deck`, `kind:referee,yellow` or `id:BRA-9,var_review-1`.
    pub fn parse(text: &str) -> Result<Selection, String> {
        let t = text.trim();
        let list = |s: &str| -> Vec<String> {
            s.split(',')
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(String::from)
                .collect()
        };
        if t == "deck" || t == "all" {
            Ok(Selection::Deck)
        } else if let Some(k) = t.strip_prefix("kind:") {
            let kinds = list(k);
            if kinds.is_empty() {
                return Err("`kind:` needs at least one kind, e.g. kind:referee".into());
            }
            Ok(Selection::Kinds(kinds))
        } else if let Some(i) = t.strip_prefix("id:") {
            let ids = list(i);
            if ids.is_empty() {
                return Err("`id:` needs at least one card id, e.g. id:BRA-9".into());
            }
            Ok(Selection::Ids(ids))
        } else {
            Err(format!(
                "`{t}` is not a selection; use deck, kind:KIND[,KIND...] or id:ID[,ID...]"
            ))
        }
    }

    /// Whether `card` is selected.
    pub fn matches(&self, card: &PrintCard) -> bool {
        match self {
            Selection::Deck => true,
            Selection::Kinds(kinds) => kinds.iter().any(|k| k.eq_ignore_ascii_case(&card.kind)),
            Selection::Ids(ids) => ids.iter().any(|id| id_matches(id, &card.id)),
            Selection::Only(groups) => groups.iter().any(|g| in_group(g, card)),
        }
    }

    /// The cards of `deck` this selection picks, or an error naming what
    /// matched nothing (a typo should not silently print an empty PDF).
    pub fn apply<'a>(&self, deck: &'a PrintDeck) -> Result<Vec<&'a PrintCard>, String> {
        let unmatched: Vec<&String> = match self {
            Selection::Deck => Vec::new(),
            Selection::Kinds(kinds) => kinds
                .iter()
                .filter(|k| !deck.cards.iter().any(|c| k.eq_ignore_ascii_case(&c.kind)))
                .collect(),
            Selection::Ids(ids) => ids
                .iter()
                .filter(|id| !deck.cards.iter().any(|c| id_matches(id, &c.id)))
                .collect(),
            Selection::Only(groups) => groups
                .iter()
                .filter(|g| !deck.cards.iter().any(|c| in_group(g, c)))
                .collect(),
        };
        if let Some(first) = unmatched.first() {
            let what = match self {
                Selection::Kinds(_) => {
                    let mut kinds: Vec<&str> = deck.cards.iter().map(|c| c.kind.as_str()).collect();
                    kinds.dedup();
                    format!(
                        "no card of kind `{first}` in {}; kinds: {}",
                        deck.title,
                        kinds.join(", ")
                    )
                }
                Selection::Only(_) => format!(
                    "--only {first}: no such deck or nation in {}; valid: {}",
                    deck.title,
                    only_selectors(deck).join(", ")
                ),
                _ => format!(
                    "no card `{first}` in {}; ids look like {}",
                    deck.title,
                    examples(deck)
                ),
            };
            return Err(what);
        }
        Ok(deck.cards.iter().filter(|c| self.matches(c)).collect())
    }
}

fn examples(deck: &PrintDeck) -> String {
    let mut seen: Vec<&str> = Vec::new();
    for c in &deck.cards {
        if !seen.iter().any(|k| *k == c.kind) {
            seen.push(&c.kind);
        }
    }
    let ids: Vec<&str> = seen
        .iter()
        .filter_map(|k| {
            deck.cards
                .iter()
                .find(|c| c.kind == *k)
                .map(|c| c.id.as_str())
        })
        .collect();
    ids.join(", ")
}

/// `BRA-9` matches `BRA-9`; `var_review` matches `var_review-1` and
/// `var_review-2` (every copy).
fn id_matches(wanted: &str, id: &str) -> bool {
    if wanted.eq_ignore_ascii_case(id) {
        return true;
    }
    match id.rsplit_once('-') {
        Some((base, copy)) => {
            copy.chars().all(|c| c.is_ascii_digit()) && base.eq_ignore_ascii_case(wanted)
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: &str, kind: &str) -> PrintCard {
        PrintCard::new(id, kind, kind, Fields::new())
    }

    #[test]
    fn interpolation_replaces_names_and_keeps_braces() {
        let f = Fields::new()
            .with("name", "Tomás")
            .with("rating", 9i64)
            .with("kit.primary", Rgb(1, 2, 3));
        assert_eq!(f.interpolate("{name} ({rating})"), Ok("Tomás (9)".into()));
        assert_eq!(
            f.interpolate("{{x}} {kit.primary}"),
            Ok("{x} #010203".into())
        );
        assert_eq!(f.interpolate("{ name }"), Ok("Tomás".into()));
        assert_eq!(f.interpolate("{nmae}"), Err("nmae".into()));
        assert!(f.interpolate("{name").is_err());
    }

    #[test]
    fn selections_pick_kinds_ids_and_all_copies() {
        let deck = PrintDeck {
            game: "t".into(),
            title: "Test".into(),
            cards: vec![
                card("BRA-1", "player"),
                card("BRA-10", "player"),
                card("var_review-1", "referee"),
                card("var_review-2", "referee"),
            ],
            back: card("back", "back"),
        };
        let ids = |s: &str| -> Vec<String> {
            let sel = Selection::parse(s).unwrap_or_default();
            sel.apply(&deck)
                .map(|v| v.iter().map(|c| c.id.clone()).collect())
                .unwrap_or_default()
        };
        assert_eq!(ids("deck").len(), 4);
        assert_eq!(ids("kind:referee"), vec!["var_review-1", "var_review-2"]);
        assert_eq!(
            ids("id:BRA-1"),
            vec!["BRA-1"],
            "BRA-1 is not a prefix match for BRA-10"
        );
        assert_eq!(ids("id:var_review"), vec!["var_review-1", "var_review-2"]);
        assert_eq!(
            ids("id:bra-10, var_review-2"),
            vec!["BRA-10", "var_review-2"]
        );
        let err = Selection::parse("id:XYZ-1")
            .map(|s| s.apply(&deck).err())
            .ok()
            .flatten()
            .unwrap_or_default();
        assert!(err.contains("no card `XYZ-1`"), "{err}");
        let err = Selection::parse("kind:goalie")
            .map(|s| s.apply(&deck).err())
            .ok()
            .flatten()
            .unwrap_or_default();
        assert!(err.contains("kinds: player, referee"), "{err}");
        assert!(Selection::parse("players").is_err());
        assert!(Selection::parse("id:").is_err());
    }
}

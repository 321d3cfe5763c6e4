//! What a deck's files hold, as data: the collections of records (cards,
//! or groups of cards such as Booked!'s nations), where each lives in its
//! TOML file, and the typed fields of each. The editor, the CSV format and
//! validation's jump-to-card are all built on this, never on one game's
//! Rust types, so a new deck joins the editor by describing itself here.

use crate::cards::DataErrors;
use crate::cards::source::DataSource;
use crate::layout::PrintDeck;

/// The type of a field, with its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// Free text; `multiline` for rule text.
    Text {
        /// The longest value allowed (in characters), 0 for no limit.
        max_chars: usize,
        /// Edited in a text box of several lines.
        multiline: bool,
    },
    /// A whole number in `min..=max`.
    Int {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// Yes or no.
    Bool,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// A colour written `#RRGGBB`.
    Color,
    /// A picture file, relative to the data folder (optional).
    Art,
}

/// One field of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    /// The key in the file; dotted for a nested table (`kit.primary`).
    pub key: &'static str,
    /// The label in the editor.
    pub label: &'static str,
    /// Its type.
    pub kind: FieldKind,
    /// One line of help shown beside it.
    pub help: &'static str,
    /// The value a new record starts with.
    pub default: &'static str,
    /// Must differ between sibling records (a shirt number in a squad); a
    /// duplicated record takes the next free number.
    pub unique: bool,
}

/// Where a collection's records are in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// Each `[[key]]` table of the file is a record.
    Tables(&'static str),
    /// The single `[key]` table is the one record.
    Table(&'static str),
    /// Each entry of the array `key` inside each record of the collection
    /// `parent` (by kind) is a record.
    Nested {
        /// The parent collection's kind.
        parent: &'static str,
        /// The array's key in the parent record.
        key: &'static str,
    },
}

/// A kind of record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Collection {
    /// Its key (`player`), used in CSV and filters.
    pub kind: &'static str,
    /// Its name in the editor (`Player`).
    pub label: &'static str,
    /// The file it lives in, relative to the data folder.
    pub file: &'static str,
    /// Where in the file.
    pub location: Location,
    /// Its fields, in form order.
    pub fields: &'static [FieldSpec],
    /// The fields that make its title in the card list.
    pub title: &'static [&'static str],
    /// The field that identifies a record among its siblings, which its
    /// children name as their parent in CSV (a nation's `code`).
    pub key: Option<&'static str>,
    /// The field holding how many copies are printed, if any.
    pub quantity: Option<&'static str>,
    /// Fields offered as filters in the card list (`position`).
    pub filters: &'static [&'static str],
    /// How to find its printed card: a pattern over its fields and its
    /// parent's (`{parent.code}-{number}`); the first printed card whose id
    /// is the pattern or starts with the pattern and a dash is shown.
    pub print_id: &'static str,
    /// Where its picture goes, a pattern like `print_id` relative to the
    /// data folder (`booked/art/{parent.code}-{number}.png`); empty for
    /// none.
    pub art: &'static str,
}

impl FieldSpec {
    /// A one-line text field of at most `max` characters (0: no limit).
    pub const fn text(
        key: &'static str,
        label: &'static str,
        max: usize,
        help: &'static str,
        default: &'static str,
    ) -> FieldSpec {
        FieldSpec {
            key,
            label,
            kind: FieldKind::Text {
                max_chars: max,
                multiline: false,
            },
            help,
            default,
            unique: false,
        }
    }
}

impl Collection {
    /// The field called `key`.
    pub fn field(&self, key: &str) -> Option<&FieldSpec> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// Whether records can be added and removed (singleton tables cannot).
    pub fn growable(&self) -> bool {
        !matches!(self.location, Location::Table(_))
    }
}

/// A deck: its files, collections and how to check and print it.
#[derive(Clone, Copy)]
pub struct DeckSchema {
    /// The game key (`booked`).
    pub game: &'static str,
    /// The deck's name in the editor.
    pub title: &'static str,
    /// Its collections; a parent comes before its children.
    pub collections: &'static [Collection],
    /// Loads and checks the deck from `source` the way the game does, and
    /// gives its printable cards.
    pub load: fn(&DataSource) -> Result<PrintDeck, DataErrors>,
}

impl std::fmt::Debug for DeckSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeckSchema")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl DeckSchema {
    /// The files the deck is made of, in collection order, each once.
    pub fn files(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for c in self.collections {
            if !out.contains(&c.file) {
                out.push(c.file);
            }
        }
        out
    }

    /// The collection of kind `kind`, with its index.
    pub fn collection(&self, kind: &str) -> Option<(usize, &Collection)> {
        self.collections
            .iter()
            .enumerate()
            .find(|(_, c)| c.kind == kind)
    }

    /// The index of a collection's parent, for nested collections.
    pub fn parent_of(&self, collection: usize) -> Option<usize> {
        match self.collections.get(collection)?.location {
            Location::Nested { parent, .. } => self.collection(parent).map(|(i, _)| i),
            _ => None,
        }
    }
}

/// Every deck the editor knows.
pub fn all() -> Vec<&'static DeckSchema> {
    vec![&super::booked::SCHEMA, &super::cardball::SCHEMA]
}

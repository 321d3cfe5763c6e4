//! What a deck's files hold, as data: the collections of records (cards,
//! or groups of cards such as a deck's nations), where each lives in its
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
    /// Any of a fixed list of words, each at most once, written as an
    /// array (a Player's `zones`); edited as a row of check boxes.
    Set(&'static [&'static str]),
    /// An array of values of one kind, in order, repeats allowed
    /// (`set_vp = [0, 2, 4]`); typed as values separated by commas. A file
    /// may also hold a single value where the game reads one or many.
    List(&'static FieldKind),
    /// A whole number in `min..=max` or one of a few words (`equals = 2`
    /// or `equals = "draw"`, `count = "all"`).
    NumberOr {
        /// The smallest number.
        min: i64,
        /// The largest number.
        max: i64,
        /// The words allowed instead of a number.
        words: &'static [&'static str],
    },
    /// A TOML value written as in the file, for shapes too deep to break
    /// into fields (`choose`'s lists of ops).
    Toml,
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
    /// May be absent: clearing it removes the key from the file.
    pub optional: bool,
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
        /// The array's key in the parent record; dotted for an array in a
        /// sub-table (`trained.abilities`).
        key: &'static str,
        /// Written as `[[parent.key]]` tables under a parent that is a
        /// `[table]` (abilities), rather than as an inline array (a
        /// nation's players).
        tables: bool,
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
    /// data folder (`<game>/art/{parent.code}-{number}.png`); empty for
    /// none.
    pub art: &'static str,
    /// Shown in the card list; otherwise edited only inside its parent's
    /// form (an ability and its ops inside their card).
    pub listed: bool,
    /// The fields depend on one field's value (an op's arguments).
    pub variant: Option<Variant>,
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
            optional: false,
        }
    }

    /// A field of `kind` with no default, present or absent at will.
    pub const fn optional(
        key: &'static str,
        label: &'static str,
        kind: FieldKind,
        help: &'static str,
    ) -> FieldSpec {
        FieldSpec {
            key,
            label,
            kind,
            help,
            default: "",
            unique: false,
            optional: true,
        }
    }

    /// A required field of `kind` starting at `default`.
    pub const fn new(
        key: &'static str,
        label: &'static str,
        kind: FieldKind,
        help: &'static str,
        default: &'static str,
    ) -> FieldSpec {
        FieldSpec {
            key,
            label,
            kind,
            help,
            default,
            unique: false,
            optional: false,
        }
    }
}

/// Records whose fields depend on one of them (an effect op's `op`): each
/// case names the fields that value uses. The other fields are hidden in
/// the form, refused in CSV and removed from the record when the tag
/// changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The field that picks the case.
    pub tag: &'static str,
    /// Every case, by the tag's value.
    pub cases: &'static [Case],
}

/// One case of a [`Variant`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The tag's value.
    pub tag: &'static str,
    /// Fields (and nested collections' keys) it must have.
    pub required: &'static [&'static str],
    /// Fields (and nested collections' keys) it may have.
    pub optional: &'static [&'static str],
}

impl Case {
    /// Whether the case uses the field or nested array `key`.
    pub fn uses(&self, key: &str) -> bool {
        self.required.contains(&key) || self.optional.contains(&key)
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

    /// The case a record with `tag_value` in the variant's tag field is in;
    /// `None` when the collection has no variant or the value is unknown.
    pub fn case(&self, tag_value: &str) -> Option<&'static Case> {
        self.variant?.cases.iter().find(|c| c.tag == tag_value)
    }

    /// Whether `field` belongs to a record whose tag holds `tag_value`:
    /// always without a variant; the tag itself and the case's fields with
    /// one.
    pub fn uses(&self, field: &str, tag_value: &str) -> bool {
        match self.variant {
            None => true,
            Some(v) if v.tag == field => true,
            Some(_) => self.case(tag_value).is_some_and(|c| c.uses(field)),
        }
    }

    /// Whether `field` may be absent in a record whose tag holds
    /// `tag_value`.
    pub fn optional(&self, field: &FieldSpec, tag_value: &str) -> bool {
        match (self.variant, self.case(tag_value)) {
            (Some(v), Some(c)) if v.tag != field.key => !c.required.contains(&field.key),
            _ => field.optional,
        }
    }
}

/// A deck: its files, collections and how to check and print it.
#[derive(Clone, Copy)]
pub struct DeckSchema {
    /// The game's folder under `card_data/`.
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

    /// The file name suggested for the deck's CSV: its title in lower
    /// case, words joined by dashes (`<game>-players.csv`).
    pub fn csv_name(&self) -> String {
        let words: Vec<String> = self
            .title
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        format!("{}.csv", words.join("-"))
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

impl DeckSchema {
    /// The indexes of the collections nested directly in `collection`.
    pub fn children_of(&self, collection: usize) -> Vec<usize> {
        (0..self.collections.len())
            .filter(|j| self.parent_of(*j) == Some(collection))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPS: Variant = Variant {
        tag: "op",
        cases: &[
            Case {
                tag: "gain",
                required: &["amount"],
                optional: &["max"],
            },
            Case {
                tag: "roll",
                required: &["then"],
                optional: &[],
            },
        ],
    };

    const FIELDS: &[FieldSpec] = &[
        FieldSpec::new("op", "Op", FieldKind::Choice(&["gain", "roll"]), "", "gain"),
        FieldSpec::new(
            "amount",
            "Amount",
            FieldKind::Int { min: 1, max: 9 },
            "",
            "1",
        ),
        FieldSpec::optional("max", "Max", FieldKind::Int { min: 1, max: 9 }, ""),
    ];

    fn op() -> Collection {
        Collection {
            kind: "op",
            label: "Op",
            file: "f.toml",
            location: Location::Nested {
                parent: "card",
                key: "effects",
                tables: false,
            },
            fields: FIELDS,
            title: &["op"],
            key: None,
            quantity: None,
            filters: &[],
            print_id: "",
            art: "",
            listed: false,
            variant: Some(OPS),
        }
    }

    #[test]
    fn a_variant_decides_which_fields_a_record_uses_and_needs() {
        let c = op();
        assert!(c.uses("op", "anything"));
        assert!(c.uses("amount", "gain"));
        assert!(c.uses("max", "gain"));
        assert!(!c.uses("amount", "roll"));
        assert!(c.uses("then", "roll"));
        assert!(!c.uses("amount", "unknown"));
        let [tag, amount, max] = [&FIELDS[0], &FIELDS[1], &FIELDS[2]];
        assert!(!c.optional(tag, "gain"));
        assert!(!c.optional(amount, "gain"));
        assert!(c.optional(max, "gain"));
        // Without a variant, the field's own flag decides.
        let plain = Collection { variant: None, ..c };
        assert!(plain.uses("amount", ""));
        assert!(!plain.optional(amount, ""));
        assert!(plain.optional(max, ""));
    }

    #[test]
    fn children_are_found_through_their_parent_at_any_depth() {
        let card = Collection {
            kind: "card",
            location: Location::Tables("card"),
            listed: true,
            variant: None,
            ..op()
        };
        let then = Collection {
            kind: "then",
            location: Location::Nested {
                parent: "op",
                key: "then",
                tables: false,
            },
            ..op()
        };
        let collections: &'static [Collection] = Box::leak(Box::new([card, op(), then]));
        let schema = DeckSchema {
            game: "test",
            title: "Test",
            collections,
            load: |_| Err(DataErrors(Vec::new())),
        };
        assert_eq!(schema.children_of(0), vec![1]);
        assert_eq!(schema.children_of(1), vec![2]);
        assert!(schema.children_of(2).is_empty());
        assert_eq!(schema.parent_of(2), Some(1));
        assert_eq!(schema.files(), vec!["f.toml"]);
    }
}

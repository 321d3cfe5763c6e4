//! A deck as one CSV table, for spreadsheet users: one row per record,
//! a `#kind` column (`nation`, `player`, `referee`...), a `#parent` column
//! naming a nested record's parent by its key (a player's nation code), and
//! one column per field of any kind (empty where a kind has no such field).
//!
//! Import is all or nothing: every row is checked against the schema's
//! types first, and one bad cell (reported by row and column) imports
//! nothing. Exporting then importing gives back the same records and
//! values; comments in the files survive where their record does.

use super::deck::{Deck, RecordId, Texts, plain, set_path, typed};
use super::schema::{DeckSchema, FieldKind, Location};
use std::collections::BTreeMap;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, TableLike, Value};

/// A problem in a CSV file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}: {message}", row.map_or_else(String::new, |r| format!("row {r}")), column.as_ref().map_or_else(String::new, |c| format!(", column `{c}`")))]
pub struct CsvError {
    /// The 1-based row (the header is row 1), when it is about a row.
    pub row: Option<usize>,
    /// The column, when it is about a cell.
    pub column: Option<String>,
    /// What is wrong.
    pub message: String,
}

/// The column naming each row's collection. A field key cannot begin with
/// `#` (TOML would read a comment), so no field can take this name.
pub const KIND: &str = "#kind";
/// The column naming a nested row's parent by its key.
pub const PARENT: &str = "#parent";

/// The columns of a schema's CSV: `#kind`, `#parent`, then every field key.
pub fn columns(schema: &DeckSchema) -> Vec<&'static str> {
    let mut out = vec![KIND, PARENT];
    for c in schema.collections {
        for f in c.fields {
            if !out.contains(&f.key) {
                out.push(f.key);
            }
        }
    }
    out
}

/// What replacing a deck's records changes in one record, as the import
/// dialog lists it before anything is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A record that only the new deck has (its description).
    Added(String),
    /// A record that only the old deck has.
    Removed(String),
    /// A record in both whose fields differ: the record and, per field,
    /// its label, old value and new value.
    Changed(String, Vec<(String, String, String)>),
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Change::Added(r) => write!(f, "+ {r}: added"),
            Change::Removed(r) => write!(f, "− {r}: removed"),
            Change::Changed(r, fields) => {
                write!(f, "~ {r}:")?;
                for (i, (label, old, new)) in fields.iter().enumerate() {
                    let sep = if i == 0 { " " } else { "; " };
                    write!(f, "{sep}{label} “{old}” → “{new}”")?;
                }
                Ok(())
            }
        }
    }
}

/// Every record added, removed or changed (field by field) from `before`
/// to `after`, two versions of the same deck. A record is matched by its
/// kind, its parent and its key (a nation's code), else the first field
/// its siblings may not share (a player's number), else its position.
pub fn changes(before: &Deck, after: &Deck) -> Vec<Change> {
    let old = identified(before);
    let new = identified(after);
    let old_ids: std::collections::HashMap<&str, &RecordId> =
        old.iter().map(|(i, id)| (i.as_str(), id)).collect();
    let new_ids: std::collections::HashSet<&str> = new.iter().map(|(i, _)| i.as_str()).collect();
    let mut out = Vec::new();
    for (ident, id) in &new {
        match old_ids.get(ident.as_str()) {
            None => out.push(Change::Added(describe(after, id))),
            Some(was) => {
                let Some(c) = after.collection(id) else {
                    continue;
                };
                let fields: Vec<(String, String, String)> = c
                    .fields
                    .iter()
                    .map(|f| (f, before.text(was, f.key), after.text(id, f.key)))
                    .filter(|(_, o, n)| o != n)
                    .map(|(f, o, n)| (f.label.to_string(), o, n))
                    .collect();
                if !fields.is_empty() {
                    out.push(Change::Changed(describe(after, id), fields));
                }
            }
        }
    }
    for (ident, id) in &old {
        if !new_ids.contains(ident.as_str()) {
            out.push(Change::Removed(describe(before, id)));
        }
    }
    out
}

/// Each record with the name it is matched by across versions.
fn identified(deck: &Deck) -> Vec<(String, RecordId)> {
    let mut out: Vec<(String, RecordId)> = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for id in deck.records() {
        let mut ident = identity(deck, &id);
        // Two records of one name (a broken deck) are told apart by order.
        let same = seen.entry(ident.clone()).or_insert(0);
        if *same > 0 {
            ident = format!("{ident}#{same}");
        }
        *same += 1;
        out.push((ident, id));
    }
    out
}

fn identity(deck: &Deck, id: &RecordId) -> String {
    let Some(c) = deck.collection(id) else {
        return String::new();
    };
    let own = match c
        .key
        .or_else(|| c.fields.iter().find(|f| f.unique).map(|f| f.key))
    {
        Some(k) => deck.text(id, k),
        None => format!("@{}", id.path.last().copied().unwrap_or(0)),
    };
    let parent = deck
        .parent(id)
        .map(|p| identity(deck, &p))
        .unwrap_or_default();
    format!("{parent}/{}:{own}", c.kind)
}

/// `Player Caíque Albuquerque (in BRA Brazil)`.
fn describe(deck: &Deck, id: &RecordId) -> String {
    let label = deck.collection(id).map_or("Record", |c| c.label);
    let title = deck.title(id);
    let own = if title == label {
        label.to_string()
    } else {
        format!("{label} {title}")
    };
    match deck.parent(id) {
        Some(p) => format!("{own} (in {})", deck.title(&p)),
        None => own,
    }
}

/// The deck as CSV text.
pub fn export(deck: &Deck) -> String {
    let schema = deck.schema();
    let cols = columns(schema);
    let mut w = ::csv::Writer::from_writer(Vec::new());
    // Writing to memory cannot fail.
    let _ = w.write_record(&cols);
    for id in deck.records() {
        let c = &schema.collections[id.collection];
        let parent = deck
            .parent(&id)
            .map(|p| deck.reference(&p))
            .unwrap_or_default();
        let tag = c.variant.map(|v| deck.text(&id, v.tag)).unwrap_or_default();
        let row: Vec<String> = cols
            .iter()
            .map(|col| match *col {
                KIND => c.kind.to_string(),
                PARENT => parent.clone(),
                key if c.field(key).is_some() && c.uses(key, &tag) => deck.text(&id, key),
                _ => String::new(),
            })
            .collect();
        let _ = w.write_record(&row);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// One checked row: its collection, parent's name, its own name (see
/// [`Deck::reference`]) and typed values.
struct Row {
    number: usize,
    collection: usize,
    parent: String,
    name: String,
    values: Vec<(&'static str, Value)>,
}

/// Reads `text` against `deck`'s schema and gives the deck's files with
/// the CSV's records in place of the current ones; every problem found is
/// returned instead, and nothing changes.
pub fn import(deck: &Deck, text: &str) -> Result<Texts, Vec<CsvError>> {
    let schema = deck.schema();
    let known = columns(schema);
    let mut errors = Vec::new();
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(true)
        .flexible(false)
        .from_reader(text.as_bytes());
    let header: Vec<String> = match reader.headers() {
        Ok(h) => h.iter().map(|s| s.trim().to_string()).collect(),
        Err(e) => return Err(vec![csv_error(&e)]),
    };
    for (i, h) in header.iter().enumerate() {
        if !known.contains(&h.as_str()) {
            errors.push(CsvError {
                row: Some(1),
                column: Some(h.clone()),
                message: format!("unknown column; the columns are {}", known.join(", ")),
            });
        }
        if header[..i].contains(h) {
            errors.push(CsvError {
                row: Some(1),
                column: Some(h.clone()),
                message: "this column appears twice".into(),
            });
        }
    }
    let Some(kind_col) = header.iter().position(|h| h == KIND) else {
        errors.push(CsvError {
            row: Some(1),
            column: None,
            message: format!("there is no `{KIND}` column"),
        });
        return Err(errors);
    };
    let parent_col = header.iter().position(|h| h == PARENT);
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let number = i + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(csv_error(&e));
                continue;
            }
        };
        let cell = |c: usize| record.get(c).unwrap_or("");
        let kind = cell(kind_col).trim();
        let Some((ci, c)) = schema.collection(kind) else {
            errors.push(CsvError {
                row: Some(number),
                column: Some(KIND.into()),
                message: format!(
                    "`{kind}` is not a kind of this deck; kinds: {}",
                    schema
                        .collections
                        .iter()
                        .map(|c| c.kind)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
            continue;
        };
        let mut values = Vec::new();
        let tag = c
            .variant
            .and_then(|v| header.iter().position(|h| h == v.tag))
            .map(|col| cell(col).trim().to_string())
            .unwrap_or_default();
        for (col, name) in header.iter().enumerate() {
            if col == kind_col || Some(col) == parent_col {
                continue;
            }
            let raw = cell(col);
            match c.field(name) {
                Some(spec) if !c.uses(name, &tag) => {
                    if !raw.trim().is_empty() {
                        errors.push(CsvError {
                            row: Some(number),
                            column: Some(name.clone()),
                            message: format!("a `{tag}` has no `{name}`; leave it empty"),
                        });
                    }
                    let _ = spec;
                }
                Some(spec) => {
                    // An empty cell is an absent value (an optional number,
                    // a missing picture), except where empty is a value of
                    // a required field, as the form writes it: text `""`,
                    // a set or list `[]`.
                    let empty_is_a_value = matches!(
                        spec.kind,
                        FieldKind::Text { .. } | FieldKind::Set(_) | FieldKind::List(_)
                    ) && !c.optional(spec, &tag);
                    if raw.trim().is_empty() && !empty_is_a_value {
                        continue;
                    }
                    match typed(spec, raw) {
                        Ok(v) => values.push((spec.key, v)),
                        Err(message) => errors.push(CsvError {
                            row: Some(number),
                            column: Some(name.clone()),
                            message,
                        }),
                    }
                }
                None if !raw.trim().is_empty() => errors.push(CsvError {
                    row: Some(number),
                    column: Some(name.clone()),
                    message: format!("a {} has no `{name}`; leave it empty", c.label),
                }),
                None => {}
            }
        }
        rows.push(Row {
            number,
            collection: ci,
            parent: parent_col
                .map(|p| cell(p).trim().to_string())
                .unwrap_or_default(),
            name: String::new(),
            values,
        });
    }
    name_rows(schema, &mut rows);
    for (ci, c) in schema.collections.iter().enumerate() {
        if !rows.iter().any(|r| r.collection == ci) {
            continue;
        }
        for f in c.fields {
            if !header.iter().any(|h| h == f.key) {
                errors.push(CsvError {
                    row: Some(1),
                    column: Some(f.key.into()),
                    message: format!("missing column (every {} has it)", c.label),
                });
            }
        }
    }
    check_structure(schema, &rows, &mut errors);
    if !errors.is_empty() {
        errors.dedup();
        return Err(errors);
    }
    Ok(build(deck, &rows))
}

fn csv_error(e: &::csv::Error) -> CsvError {
    CsvError {
        row: e.position().map(|p| p.line() as usize),
        column: None,
        message: match e.kind() {
            ::csv::ErrorKind::UnequalLengths {
                expected_len, len, ..
            } => format!("has {len} cells but the header has {expected_len}"),
            ::csv::ErrorKind::Utf8 { .. } => "is not UTF-8 text".into(),
            _ => e.to_string(),
        },
    }
}

/// Singletons once each; nested rows name a parent row that exists.
fn check_structure(schema: &DeckSchema, rows: &[Row], errors: &mut Vec<CsvError>) {
    for (ci, c) in schema.collections.iter().enumerate() {
        let mine: Vec<&Row> = rows.iter().filter(|r| r.collection == ci).collect();
        match c.location {
            Location::Table(_) => {
                if mine.is_empty() {
                    errors.push(CsvError {
                        row: None,
                        column: Some(KIND.into()),
                        message: format!("there is no `{}` row; the deck needs one", c.kind),
                    });
                }
                for extra in mine.iter().skip(1) {
                    errors.push(CsvError {
                        row: Some(extra.number),
                        column: Some(KIND.into()),
                        message: format!("a second `{}` row; the deck has one", c.kind),
                    });
                }
            }
            Location::Nested { .. } => {
                let Some(pi) = schema.parent_of(ci) else {
                    continue;
                };
                let how = schema.collections[pi]
                    .key
                    .map_or_else(|| "the name".to_string(), |k| k.to_string());
                for r in mine {
                    let found = rows
                        .iter()
                        .any(|p| p.collection == pi && p.name == r.parent);
                    if !found {
                        errors.push(CsvError {
                            row: Some(r.number),
                            column: Some(PARENT.into()),
                            message: format!(
                                "no {} row has {how} `{}`",
                                schema.collections[pi].label, r.parent
                            ),
                        });
                    }
                }
            }
            Location::Tables(_) => {}
        }
    }
}

/// Names each row as [`Deck::reference`] names its record: by its key, or
/// by its parent's name and its position among the rows of its kind under
/// that parent.
fn name_rows(schema: &DeckSchema, rows: &mut [Row]) {
    let mut seen: BTreeMap<(usize, String), usize> = BTreeMap::new();
    for r in rows.iter_mut() {
        let c = &schema.collections[r.collection];
        let slot = seen.entry((r.collection, r.parent.clone())).or_insert(0);
        let index = *slot;
        *slot += 1;
        let keyed = c
            .key
            .and_then(|k| r.values.iter().find(|(f, _)| *f == k))
            .map(|(_, v)| plain(v));
        r.name = match (keyed, schema.parent_of(r.collection)) {
            (Some(k), _) => k,
            (None, Some(_)) => format!("{}/{index}", r.parent),
            (None, None) => index.to_string(),
        };
    }
}

/// The deck's files rebuilt from checked rows, keeping each file's other
/// content and each kept table's comments and layout.
fn build(deck: &Deck, rows: &[Row]) -> Texts {
    let schema = deck.schema();
    let mut docs: BTreeMap<&'static str, DocumentMut> = deck
        .texts()
        .into_iter()
        .filter_map(|(k, t)| t.parse::<DocumentMut>().ok().map(|d| (k, d)))
        .collect();
    for (ci, c) in schema.collections.iter().enumerate() {
        let Some(doc) = docs.get_mut(c.file) else {
            continue;
        };
        let mine = rows.iter().filter(|r| r.collection == ci);
        match c.location {
            Location::Table(key) => {
                if let Some(r) = mine.into_iter().next()
                    && let Some(t) = doc.get_mut(key).and_then(Item::as_table_like_mut)
                {
                    for (k, v) in &r.values {
                        set_path(t, k, v.clone());
                    }
                }
            }
            Location::Tables(key) => {
                let old = doc.get(key).and_then(Item::as_array_of_tables).cloned();
                let mut array = toml_edit::ArrayOfTables::new();
                for (i, r) in mine.enumerate() {
                    let mut table: Table = inline_record(r).into_table();
                    attach_children(schema, rows, ci, &r.name, &mut table, true);
                    if let Some(o) = old.as_ref().and_then(|o| o.get(i)) {
                        mirror(&mut table, o);
                        *table.decor_mut() = o.decor().clone();
                    }
                    array.push(table);
                }
                doc.insert(key, Item::ArrayOfTables(array));
            }
            Location::Nested { .. } => {}
        }
    }
    docs.into_iter().map(|(k, d)| (k, d.to_string())).collect()
}

/// A row's values as an inline table.
fn inline_record(r: &Row) -> InlineTable {
    let mut t = InlineTable::new();
    for (k, v) in &r.values {
        set_path(&mut t, k, v.clone());
    }
    t
}

/// Writes the sub-tables of a rebuilt record as `[table]`s where the
/// record it replaces had them so (`[card.trained]`), not inline.
fn mirror(table: &mut Table, old: &Table) {
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    for k in keys {
        let Some(Item::Table(o)) = old.get(&k) else {
            continue;
        };
        if let Some(Item::Value(Value::InlineTable(_))) = table.get(&k)
            && let Some(Item::Value(Value::InlineTable(inline))) = table.remove(&k)
        {
            let mut sub = inline.into_table();
            mirror(&mut sub, o);
            table.insert(&k, Item::Table(sub));
        }
    }
}

/// Puts the rows nested in the record named `name` (of collection
/// `parent`) into its table: as `[[parent.key]]` tables when they hold
/// records of their own and the parent is a `[table]`, else as an inline
/// array, one entry a line under a table and on one line inside an inline
/// table.
fn attach_children(
    schema: &DeckSchema,
    rows: &[Row],
    parent: usize,
    name: &str,
    t: &mut dyn TableLike,
    standard: bool,
) {
    for child in schema.children_of(parent) {
        let Location::Nested { key, tables, .. } = schema.collections[child].location else {
            continue;
        };
        let kids: Vec<&Row> = rows
            .iter()
            .filter(|k| k.collection == child && k.parent == name)
            .collect();
        // An empty list is written where the record must have one (an
        // Opponent's empty wing, `right = []`).
        let pc = &schema.collections[parent];
        let required = match pc.variant {
            None => true,
            Some(v) => {
                let tag = t.get(v.tag).and_then(Item::as_str).unwrap_or_default();
                pc.case(tag).is_some_and(|c| c.required.contains(&key))
            }
        };
        if kids.is_empty() && !required {
            continue;
        }
        let item = if standard && tables {
            let mut a = toml_edit::ArrayOfTables::new();
            for kid in kids {
                let mut table = inline_record(kid).into_table();
                attach_children(schema, rows, child, &kid.name, &mut table, true);
                a.push(table);
            }
            Item::ArrayOfTables(a)
        } else {
            let mut a = Array::new();
            for kid in kids {
                let mut it = inline_record(kid);
                attach_children(schema, rows, child, &kid.name, &mut it, false);
                let mut v = Value::InlineTable(it);
                v.decor_mut()
                    .set_prefix(if standard { "\n  " } else { " " });
                a.push_formatted(v);
            }
            if standard {
                a.set_trailing("\n");
                a.set_trailing_comma(true);
            } else {
                a.set_trailing(" ");
            }
            Item::Value(Value::Array(a))
        };
        put(t, key, item);
    }
}

/// Inserts `item` at a dotted `key`; the tables on the way become
/// `[table]`s when `item` is an array of tables.
fn put(t: &mut dyn TableLike, key: &str, item: Item) {
    let Some((head, rest)) = key.split_once('.') else {
        t.insert(key, item);
        return;
    };
    if matches!(item, Item::ArrayOfTables(_))
        && let Some(Item::Value(Value::InlineTable(_))) = t.get(head)
        && let Some(Item::Value(Value::InlineTable(inline))) = t.remove(head)
    {
        t.insert(head, Item::Table(inline.into_table()));
    }
    if !t.get(head).is_some_and(Item::is_table_like) {
        let fresh = if matches!(item, Item::ArrayOfTables(_)) {
            Item::Table(Table::new())
        } else {
            Item::Value(Value::InlineTable(InlineTable::new()))
        };
        t.insert(head, fresh);
    }
    if let Some(inner) = t.get_mut(head).and_then(Item::as_table_like_mut) {
        put(inner, rest, item);
    }
}

/// The records and values of a deck, for comparing two decks.
pub fn contents(deck: &Deck) -> Vec<(RecordId, Vec<(String, String)>)> {
    deck.records()
        .into_iter()
        .map(|id| {
            let fields = deck
                .fields(&id)
                .into_iter()
                .map(|(f, v)| (f.key.to_string(), v))
                .collect();
            (id, fields)
        })
        .collect()
}

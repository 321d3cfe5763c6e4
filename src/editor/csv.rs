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
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};

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
            .and_then(|p| {
                let key = schema.collections[p.collection].key?;
                Some(deck.text(&p, key))
            })
            .unwrap_or_default();
        let row: Vec<String> = cols
            .iter()
            .map(|col| match *col {
                KIND => c.kind.to_string(),
                PARENT => parent.clone(),
                key if c.field(key).is_some() => deck.text(&id, key),
                _ => String::new(),
            })
            .collect();
        let _ = w.write_record(&row);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// One checked row: its collection, parent key and typed values.
struct Row {
    number: usize,
    collection: usize,
    parent: String,
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
        for (col, name) in header.iter().enumerate() {
            if col == kind_col || Some(col) == parent_col {
                continue;
            }
            let raw = cell(col);
            match c.field(name) {
                Some(spec) => {
                    // An empty cell is an absent value (an optional number,
                    // a missing picture), except for text, which may be "".
                    if raw.trim().is_empty() && !matches!(spec.kind, FieldKind::Text { .. }) {
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
            values,
        });
    }
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
                let key = schema.collections[pi].key.unwrap_or_default();
                for r in mine {
                    let found = rows.iter().any(|p| {
                        p.collection == pi
                            && p.values
                                .iter()
                                .any(|(k, v)| *k == key && plain(v) == r.parent)
                    });
                    if !found {
                        errors.push(CsvError {
                            row: Some(r.number),
                            column: Some(PARENT.into()),
                            message: format!(
                                "no {} row has {key} `{}`",
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

/// The deck's files rebuilt from checked rows, keeping each file's other
/// content and each kept table's comments.
fn build(deck: &Deck, rows: &[Row]) -> Texts {
    let schema = deck.schema();
    let mut docs: BTreeMap<&'static str, DocumentMut> = deck
        .texts()
        .into_iter()
        .filter_map(|(k, t)| t.parse::<DocumentMut>().ok().map(|d| (k, d)))
        .collect();
    // Each top-level collection, with its children nested in.
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
                    let mut t = InlineTable::new();
                    for (k, v) in &r.values {
                        set_path(&mut t, k, v.clone());
                    }
                    let mut table: Table = t.into_table();
                    for (child_ci, child) in schema.collections.iter().enumerate() {
                        let Location::Nested { key: ck, .. } = child.location else {
                            continue;
                        };
                        if schema.parent_of(child_ci) != Some(ci) {
                            continue;
                        }
                        let own_key = c.key.and_then(|k| {
                            r.values
                                .iter()
                                .find(|(f, _)| *f == k)
                                .map(|(_, v)| plain(v))
                        });
                        let mut kids = Array::new();
                        for kid in rows.iter().filter(|k| {
                            k.collection == child_ci && Some(&k.parent) == own_key.as_ref()
                        }) {
                            let mut it = InlineTable::new();
                            for (k, v) in &kid.values {
                                set_path(&mut it, k, v.clone());
                            }
                            let mut v = Value::InlineTable(it);
                            v.decor_mut().set_prefix("\n  ");
                            kids.push_formatted(v);
                        }
                        kids.set_trailing("\n");
                        kids.set_trailing_comma(true);
                        table.insert(ck, Item::Value(Value::Array(kids)));
                    }
                    if let Some(o) = old.as_ref().and_then(|o| o.get(i)) {
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

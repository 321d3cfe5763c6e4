//! One deck open for editing: its TOML files held as format-preserving
//! documents (comments and layout survive an edit), the records the schema
//! finds in them, undo and redo, validation by the game's own loader with
//! each problem traced back to its record, and the atomic save.

use super::schema::{Collection, DeckSchema, FieldKind, FieldSpec, Location};
use crate::cards::DataError;
use crate::cards::source::DataSource;
use crate::layout::PrintDeck;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, InlineTable, Item, Table, TableLike, Value};

/// A record: its collection and its position (one index per nesting level).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RecordId {
    /// The collection's index in the schema.
    pub collection: usize,
    /// Indexes from the outermost array in.
    pub path: Vec<usize>,
}

/// A problem found by the loader, with the record it belongs to when it
/// can be traced.
#[derive(Clone, Debug, PartialEq)]
pub struct Issue {
    /// What the loader said (file, line, card, field, message).
    pub error: DataError,
    /// The record the line falls in.
    pub record: Option<RecordId>,
}

/// The result of checking the deck as it stands.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The printable deck when it loads, else `None`.
    pub deck: Option<PrintDeck>,
    /// Every problem.
    pub issues: Vec<Issue>,
}

/// The deck's files as text, by path relative to the data folder.
pub type Texts = BTreeMap<&'static str, String>;

/// How many undo steps are kept.
const UNDO_LIMIT: usize = 200;

/// A deck open for editing.
pub struct Deck {
    schema: &'static DeckSchema,
    source: DataSource,
    docs: BTreeMap<&'static str, DocumentMut>,
    /// The texts as last read or saved: what "unsaved changes" compares to.
    saved: Texts,
    undo: Vec<Texts>,
    redo: Vec<Texts>,
    /// The field the last edit changed: typing into one field is one step.
    last_edit: Option<(RecordId, String)>,
}

fn parse(source: &DataSource, rel: &str, text: &str) -> Result<DocumentMut, DataError> {
    text.parse::<DocumentMut>().map_err(|e| {
        let mut err = DataError::file(source.display_name(rel), e.message().to_string());
        if let Some(span) = e.span() {
            err = err.at(text, span.start);
        }
        err
    })
}

impl Deck {
    /// Opens the deck from `source` (a user folder over the defaults).
    /// A file that is not valid TOML is an error naming it; nothing is
    /// written anywhere.
    pub fn open(schema: &'static DeckSchema, source: DataSource) -> Result<Deck, DataError> {
        let mut docs = BTreeMap::new();
        let mut saved = BTreeMap::new();
        for rel in schema.files() {
            let file = source.read(rel)?;
            docs.insert(rel, parse(&source, rel, &file.text)?);
            saved.insert(rel, file.text);
        }
        Ok(Deck {
            schema,
            source,
            docs,
            saved,
            undo: Vec::new(),
            redo: Vec::new(),
            last_edit: None,
        })
    }

    /// The deck's schema.
    pub fn schema(&self) -> &'static DeckSchema {
        self.schema
    }

    /// Where it was opened from.
    pub fn source(&self) -> &DataSource {
        &self.source
    }

    /// The files' current texts.
    pub fn texts(&self) -> Texts {
        self.docs.iter().map(|(k, d)| (*k, d.to_string())).collect()
    }

    /// Whether there are changes not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.texts() != self.saved
    }

    /// Whether undo or redo have a step.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// See [`Deck::can_undo`].
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    fn root(&self, collection: usize) -> Option<&Table> {
        let c = self.schema.collections.get(collection)?;
        self.docs.get(c.file).map(|d| d.as_table())
    }

    fn root_mut(&mut self, collection: usize) -> Option<&mut Table> {
        let c = self.schema.collections.get(collection)?;
        self.docs.get_mut(c.file).map(|d| d.as_table_mut())
    }

    /// Every record, collection by collection; nested records follow their
    /// parents' order.
    pub fn records(&self) -> Vec<RecordId> {
        let mut out = Vec::new();
        for (ci, _) in self.schema.collections.iter().enumerate() {
            out.extend(self.records_of(ci));
        }
        out
    }

    /// The records of one collection.
    pub fn records_of(&self, collection: usize) -> Vec<RecordId> {
        let Some(root) = self.root(collection) else {
            return Vec::new();
        };
        let parents: Vec<Vec<usize>> = match self.schema.parent_of(collection) {
            Some(p) => self.records_of(p).into_iter().map(|r| r.path).collect(),
            None => vec![Vec::new()],
        };
        let mut out = Vec::new();
        for parent in parents {
            let n = children(root, self.schema, collection, &parent);
            for i in 0..n {
                let mut path = parent.clone();
                if !matches!(
                    self.schema.collections[collection].location,
                    Location::Table(_)
                ) {
                    path.push(i);
                }
                out.push(RecordId { collection, path });
            }
        }
        out
    }

    /// The collection of a record.
    pub fn collection(&self, id: &RecordId) -> Option<&'static Collection> {
        self.schema.collections.get(id.collection)
    }

    /// The record's parent (a player's nation).
    pub fn parent(&self, id: &RecordId) -> Option<RecordId> {
        let p = self.schema.parent_of(id.collection)?;
        let (_, head) = id.path.split_last()?;
        Some(RecordId {
            collection: p,
            path: head.to_vec(),
        })
    }

    /// Whether the record is there.
    pub fn exists(&self, id: &RecordId) -> bool {
        self.root(id.collection)
            .and_then(|r| record(r, self.schema, id.collection, &id.path))
            .is_some()
    }

    /// A field's value as the file has it.
    pub fn value(&self, id: &RecordId, key: &str) -> Option<Value> {
        let root = self.root(id.collection)?;
        let t = record(root, self.schema, id.collection, &id.path)?;
        get_path(t.like(), key).cloned()
    }

    /// A field's value as text (`""` when missing): strings without quotes,
    /// numbers and booleans as written.
    pub fn text(&self, id: &RecordId, key: &str) -> String {
        self.value(id, key).map(|v| plain(&v)).unwrap_or_default()
    }

    /// The record's title in lists (`BRA Brazil`, `Caíque Albuquerque`).
    pub fn title(&self, id: &RecordId) -> String {
        let Some(c) = self.collection(id) else {
            return String::new();
        };
        let t: Vec<String> = c
            .title
            .iter()
            .map(|k| self.text(id, k))
            .filter(|s| !s.is_empty())
            .collect();
        if t.is_empty() {
            c.label.to_string()
        } else {
            t.join(" ")
        }
    }

    /// Expands a pattern such as `{parent.code}-{number}` for a record.
    pub fn expand(&self, id: &RecordId, pattern: &str) -> String {
        let mut out = String::new();
        let mut rest = pattern;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let Some(close) = rest[open..].find('}') else {
                out.push_str(&rest[open..]);
                return out;
            };
            let key = &rest[open + 1..open + close];
            let value = match key.strip_prefix("parent.") {
                Some(k) => self
                    .parent(id)
                    .map(|p| self.text(&p, k))
                    .unwrap_or_default(),
                None => self.text(id, key),
            };
            out.push_str(&value);
            rest = &rest[open + close + 1..];
        }
        out.push_str(rest);
        out
    }

    /// The printed card of a record in `print` (for nations, their first
    /// player); `None` for the back.
    pub fn print_index(&self, id: &RecordId, print: &PrintDeck) -> Option<usize> {
        let c = self.collection(id)?;
        if c.print_id.is_empty() {
            return None;
        }
        let want = self.expand(id, c.print_id);
        print.cards.iter().position(|p| {
            p.id == want || (p.id.starts_with(&want) && p.id[want.len()..].starts_with('-'))
        })
    }

    /// How many printed copies a record makes.
    pub fn quantity(&self, id: &RecordId) -> Option<i64> {
        let key = self.collection(id)?.quantity?;
        self.value(id, key).and_then(|v| v.as_integer())
    }

    fn snapshot(&mut self, edit: Option<(RecordId, String)>) {
        let coalesce = edit.is_some() && edit == self.last_edit;
        if !coalesce {
            self.undo.push(self.texts());
            if self.undo.len() > UNDO_LIMIT {
                self.undo.remove(0);
            }
        }
        self.redo.clear();
        self.last_edit = edit;
    }

    fn restore(&mut self, texts: &Texts) {
        for (rel, text) in texts {
            // These texts were produced from parsed documents.
            if let Ok(doc) = text.parse::<DocumentMut>() {
                self.docs.insert(rel, doc);
            }
        }
    }

    /// Undoes the last change.
    pub fn undo(&mut self) -> bool {
        let Some(prev) = self.undo.pop() else {
            return false;
        };
        self.redo.push(self.texts());
        self.restore(&prev);
        self.last_edit = None;
        true
    }

    /// Redoes the last undone change.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo.push(self.texts());
        self.restore(&next);
        self.last_edit = None;
        true
    }

    /// Sets a field from what the user typed, checked against the field's
    /// type (not against the rest of the deck: that is [`Deck::check`]).
    ///
    /// An optional field set to nothing is removed from the file. Setting
    /// the tag of a record with a variant (an op's `op`) removes the fields
    /// the new case does not use and adds the ones it needs.
    pub fn set(&mut self, id: &RecordId, key: &str, input: &str) -> Result<(), String> {
        let c = self.collection(id).ok_or("no such record")?;
        let spec = c.field(key).ok_or_else(|| format!("no field `{key}`"))?;
        let tag_value = c.variant.map(|v| self.text(id, v.tag)).unwrap_or_default();
        if !c.uses(key, &tag_value) {
            return Err(format!("a `{tag_value}` has no `{key}`"));
        }
        let value = if input.trim().is_empty() && c.optional(spec, &tag_value) {
            None
        } else {
            Some(typed(spec, input)?)
        };
        let old = self.value(id, key).map(|v| plain(&v));
        if old == value.as_ref().map(plain) {
            return Ok(());
        }
        self.snapshot(Some((id.clone(), key.to_string())));
        let schema = self.schema;
        let root = self.root_mut(id.collection).ok_or("no such file")?;
        let t = record_mut(root, schema, id.collection, &id.path).ok_or("no such record")?;
        match value {
            Some(v) => set_path(t, key, v),
            None => remove_path(t, key),
        }
        if let Some(v) = c.variant
            && v.tag == key
        {
            fit_case(t, c, input.trim());
        }
        Ok(())
    }

    /// Adds a record of `collection` with default values; a nested one goes
    /// under `parent`. Returns it.
    pub fn add(&mut self, collection: usize, parent: Option<&RecordId>) -> Option<RecordId> {
        let c = self.schema.collections.get(collection)?;
        let schema = self.schema;
        let mut fresh = InlineTable::new();
        for f in c.fields.iter().filter(|f| !f.optional) {
            if let Ok(v) = typed(f, f.default) {
                set_path(&mut fresh, f.key, v);
            }
        }
        if let Some(v) = c.variant {
            let tag = c.field(v.tag).map_or("", |f| f.default);
            fit_case(&mut fresh, c, tag);
        }
        let parent_path = match (c.location, parent) {
            (Location::Nested { .. }, Some(p))
                if Some(p.collection) == schema.parent_of(collection) =>
            {
                p.path.clone()
            }
            (Location::Tables(_), _) => Vec::new(),
            _ => return None,
        };
        self.snapshot(None);
        let root = self.root_mut(collection)?;
        let index = insert(root, schema, collection, &parent_path, None, fresh)?;
        let mut path = parent_path;
        path.push(index);
        let id = RecordId { collection, path };
        self.make_unique(&id);
        Some(id)
    }

    /// Copies a record in right after itself; unique numbers move on to
    /// the next free one. Returns the copy.
    pub fn duplicate(&mut self, id: &RecordId) -> Option<RecordId> {
        let c = self.collection(id)?;
        if !c.growable() {
            return None;
        }
        let schema = self.schema;
        let copy = {
            let root = self.root(id.collection)?;
            let r = record(root, schema, id.collection, &id.path)?;
            let mut t = InlineTable::new();
            for (k, v) in r.like().iter() {
                if let Some(v) = item_value(v) {
                    t.insert(k, v);
                }
            }
            t
        };
        let (last, head) = id.path.split_last()?;
        self.snapshot(None);
        let root = self.root_mut(id.collection)?;
        let index = insert(root, schema, id.collection, head, Some(last + 1), copy)?;
        let mut path = head.to_vec();
        path.push(index);
        let new = RecordId {
            collection: id.collection,
            path,
        };
        self.make_unique(&new);
        Some(new)
    }

    /// Gives each unique number field of `id` the smallest value in range
    /// no sibling uses (when it clashes).
    fn make_unique(&mut self, id: &RecordId) {
        let Some(c) = self.collection(id) else { return };
        for f in c.fields.iter().filter(|f| f.unique) {
            let FieldKind::Int { min, max } = f.kind else {
                continue;
            };
            let siblings: Vec<i64> = self
                .records_of(id.collection)
                .iter()
                .filter(|r| *r != id && self.parent(r) == self.parent(id))
                .filter_map(|r| self.value(r, f.key).and_then(|v| v.as_integer()))
                .collect();
            let mine = self.value(id, f.key).and_then(|v| v.as_integer());
            if mine.is_some_and(|m| !siblings.contains(&m)) {
                continue;
            }
            if let Some(free) = (min..=max).find(|n| !siblings.contains(n)) {
                let schema = self.schema;
                if let Some(root) = self.root_mut(id.collection)
                    && let Some(t) = record_mut(root, schema, id.collection, &id.path)
                {
                    set_path(t, f.key, Value::from(free));
                }
            }
        }
    }

    /// Removes a record (and its children).
    pub fn delete(&mut self, id: &RecordId) -> bool {
        let Some(c) = self.collection(id) else {
            return false;
        };
        if !c.growable() || !self.exists(id) {
            return false;
        }
        let Some((last, head)) = id.path.split_last() else {
            return false;
        };
        let (last, head) = (*last, head.to_vec());
        self.snapshot(None);
        let schema = self.schema;
        let Some(root) = self.root_mut(id.collection) else {
            return false;
        };
        remove(root, schema, id.collection, &head, last)
    }

    /// Replaces every file with new texts as one undoable change (CSV
    /// import, reset to defaults). Texts that do not parse change nothing.
    pub fn replace(&mut self, texts: &Texts) -> Result<(), DataError> {
        let mut parsed = BTreeMap::new();
        for (rel, text) in texts {
            parsed.insert(*rel, parse(&self.source, rel, text)?);
        }
        self.snapshot(None);
        self.docs.extend(parsed);
        Ok(())
    }

    /// The shipped default texts of this deck.
    pub fn defaults(&self) -> Texts {
        self.schema
            .files()
            .into_iter()
            .filter_map(|rel| self.source.default_text(rel).map(|t| (rel, t.to_string())))
            .collect()
    }

    /// Loads the deck as it stands with the game's loader, and traces each
    /// problem to its record.
    pub fn check(&self) -> Checked {
        let texts = self.texts();
        let mut source = self.source.clone();
        source.overrides = texts
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        match (self.schema.load)(&source) {
            Ok(deck) => Checked {
                deck: Some(deck),
                issues: Vec::new(),
            },
            Err(errors) => {
                let spans = self.spans(&texts);
                let issues = errors
                    .0
                    .into_iter()
                    .map(|error| {
                        let record = locate(&error, &texts, &spans, &source, self.schema);
                        Issue { error, record }
                    })
                    .collect();
                Checked { deck: None, issues }
            }
        }
    }

    /// Each record's byte range in its file's text.
    fn spans(&self, texts: &Texts) -> Vec<(RecordId, Range<usize>)> {
        let mut out = Vec::new();
        let ids = self.records();
        for (rel, text) in texts {
            let Ok(doc) = toml_edit::Document::parse(text.as_str()) else {
                continue;
            };
            // Records written as `[table]`s: their span is the header only.
            let mut headed: Vec<RecordId> = Vec::new();
            let mut starts: Vec<(RecordId, Range<usize>)> = ids
                .iter()
                .filter(|id| self.schema.collections[id.collection].file == *rel)
                .filter_map(|id| {
                    let r = record(doc.as_table(), self.schema, id.collection, &id.path)?;
                    if matches!(r, Rec::Table(_)) {
                        headed.push(id.clone());
                    }
                    Some((id.clone(), r.span()?))
                })
                .collect();
            let mut headers = Vec::new();
            header_starts(doc.as_table(), &mut headers);
            headers.sort_unstable();
            // A `[[table]]` reaches to the next table's start.
            starts.sort_by_key(|(_, r)| r.start);
            let table_starts: Vec<usize> = starts
                .iter()
                .filter(|(id, _)| {
                    !matches!(
                        self.schema.collections[id.collection].location,
                        Location::Nested { .. }
                    )
                })
                .map(|(_, r)| r.start)
                .collect();
            for (id, r) in &mut starts {
                if !matches!(
                    self.schema.collections[id.collection].location,
                    Location::Nested { .. }
                ) {
                    r.end = table_starts
                        .iter()
                        .copied()
                        .find(|s| *s > r.start)
                        .unwrap_or(text.len());
                } else if headed.contains(id) {
                    // A nested `[[card.abilities]]` reaches to the next
                    // header of any table.
                    r.end = headers
                        .iter()
                        .copied()
                        .find(|s| *s > r.start)
                        .unwrap_or(text.len());
                }
            }
            out.extend(starts);
        }
        out
    }

    /// Writes the changed files into `dir` (the folder the deck came from
    /// when `None`), all or none: each goes to a temporary file first and
    /// the old files are replaced only once every new one is on disk, so a
    /// failed save changes no file and names the one that failed. Saving
    /// into another folder
    /// writes every file of the deck there. Returns the files written.
    pub fn save(&mut self, dir: Option<&Path>) -> Result<Vec<PathBuf>, String> {
        let same = dir.is_none() || dir == self.source.dir.as_deref();
        let target = match dir.or(self.source.dir.as_deref()) {
            Some(d) => d.to_path_buf(),
            None => {
                return Err(
                    "the built-in decks cannot be overwritten: choose a folder to save into".into(),
                );
            }
        };
        let texts = self.texts();
        let mut files = Vec::new();
        for (rel, text) in &texts {
            let unchanged = self.saved.get(rel) == Some(text);
            let on_disk = target.join(rel).exists();
            if same && unchanged && on_disk {
                continue;
            }
            if same && unchanged && self.source.default_text(rel) == Some(text.as_str()) {
                // Still the default and not in the folder: keep falling back.
                continue;
            }
            let path = target.join(rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| {
                    format!("nothing was saved: cannot create {}: {e}", parent.display())
                })?;
            }
            files.push((path, text.clone().into_bytes()));
        }
        // Every file or none: a deck half saved would mix old and new cards.
        crate::cards::write_all_atomically(&files).map_err(|e| {
            format!(
                "nothing was saved: cannot save {}: {}",
                e.path.display(),
                e.source
            )
        })?;
        let written = files.into_iter().map(|(p, _)| p).collect();
        self.saved = texts;
        self.source.dir = Some(target);
        Ok(written)
    }

    /// The field spec and current text of every field of a record (for a
    /// record with a variant, the fields of its case).
    pub fn fields(&self, id: &RecordId) -> Vec<(&'static FieldSpec, String)> {
        let Some(c) = self.collection(id) else {
            return Vec::new();
        };
        let tag = c.variant.map(|v| self.text(id, v.tag)).unwrap_or_default();
        c.fields
            .iter()
            .filter(|f| c.uses(f.key, &tag))
            .map(|f| (f, self.text(id, f.key)))
            .collect()
    }

    /// Whether a field may be left empty in this record.
    pub fn optional(&self, id: &RecordId, field: &FieldSpec) -> bool {
        let Some(c) = self.collection(id) else {
            return false;
        };
        let tag = c.variant.map(|v| self.text(id, v.tag)).unwrap_or_default();
        c.optional(field, &tag)
    }

    /// The records nested directly in `id`, collection by collection.
    pub fn children(&self, id: &RecordId) -> Vec<RecordId> {
        self.schema
            .children_of(id.collection)
            .into_iter()
            .flat_map(|j| self.records_of(j))
            .filter(|r| self.parent(r).as_ref() == Some(id))
            .collect()
    }

    /// The record's outermost ancestor shown in the card list (itself when
    /// it is listed).
    pub fn listed(&self, id: &RecordId) -> RecordId {
        let mut cur = id.clone();
        while self.collection(&cur).is_some_and(|c| !c.listed) {
            match self.parent(&cur) {
                Some(p) => cur = p,
                None => break,
            }
        }
        cur
    }

    /// How CSV names a record as a parent: its key's value when its
    /// collection has a key, else its parent's name (if any), a `/` and its
    /// position among its siblings (`player-02/0` for that card's first
    /// ability).
    pub fn reference(&self, id: &RecordId) -> String {
        if let Some(k) = self.collection(id).and_then(|c| c.key) {
            return self.text(id, k);
        }
        let index = id.path.last().copied().unwrap_or(0);
        match self.parent(id) {
            Some(p) => format!("{}/{index}", self.reference(&p)),
            None => index.to_string(),
        }
    }
}

/// Which record an error's position falls in: the innermost whose range
/// holds it, in the file the error names.
fn locate(
    error: &DataError,
    texts: &Texts,
    spans: &[(RecordId, Range<usize>)],
    source: &DataSource,
    schema: &DeckSchema,
) -> Option<RecordId> {
    let line = error.line?;
    let (rel, text) = texts
        .iter()
        .find(|(rel, _)| source.display_name(rel) == error.file)?;
    let offset = line_offset(text, line)? + error.column.unwrap_or(1).saturating_sub(1);
    spans
        .iter()
        .filter(|(id, r)| schema.collections[id.collection].file == *rel && r.contains(&offset))
        .min_by_key(|(_, r)| r.len())
        .map(|(id, _)| id.clone())
}

fn line_offset(text: &str, line: usize) -> Option<usize> {
    if line == 1 {
        return Some(0);
    }
    text.match_indices('\n').nth(line - 2).map(|(i, _)| i + 1)
}

/// A value as the user sees it: strings bare, the rest as TOML writes it.
pub fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.value().clone(),
        Value::Integer(i) => i.value().to_string(),
        Value::Float(f) => f.value().to_string(),
        Value::Boolean(b) => b.value().to_string(),
        // A list reads as its values separated by commas (`left_defence,
        // central_defence`); nested tables keep their TOML form.
        Value::Array(a) if a.iter().all(|v| !v.is_array() && !v.is_inline_table()) => {
            a.iter().map(plain).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string().trim().to_string(),
    }
}

/// Turns what the user typed into a value of the field's type, or says
/// what is wrong with it.
pub fn typed(spec: &FieldSpec, input: &str) -> Result<Value, String> {
    match spec.kind {
        FieldKind::Int { min, max } => {
            let n: i64 = input
                .trim()
                .parse()
                .map_err(|_| format!("`{}` is not a whole number", input.trim()))?;
            if n < min || n > max {
                return Err(format!("must be {min}-{max}"));
            }
            Ok(Value::from(n))
        }
        FieldKind::Bool => match input.trim() {
            "true" | "yes" | "1" => Ok(Value::from(true)),
            "false" | "no" | "0" | "" => Ok(Value::from(false)),
            other => Err(format!("`{other}` is not true or false")),
        },
        FieldKind::Choice(options) => {
            let t = input.trim();
            if options.contains(&t) {
                Ok(Value::from(t))
            } else {
                Err(format!("must be one of {}", options.join(", ")))
            }
        }
        FieldKind::Color => crate::cards::Rgb::parse(input.trim())
            .map(|c| Value::from(c.to_string()))
            .map_err(|e| e.to_string()),
        FieldKind::Text { max_chars, .. } => {
            let n = input.chars().count();
            if max_chars > 0 && n > max_chars {
                return Err(format!("at most {max_chars} characters, this is {n}"));
            }
            Ok(Value::from(input))
        }
        FieldKind::Art => Ok(Value::from(input.trim())),
        FieldKind::Set(options) => {
            let mut out = toml_edit::Array::new();
            let mut seen: Vec<&str> = Vec::new();
            for word in items(input) {
                if !options.contains(&word) {
                    return Err(format!("`{word}` is not one of {}", options.join(", ")));
                }
                if seen.contains(&word) {
                    return Err(format!("`{word}` is listed twice"));
                }
                seen.push(word);
                out.push(word);
            }
            Ok(Value::Array(out))
        }
        FieldKind::List(item) => {
            let spec = FieldSpec::new("", "", *item, "", "");
            let mut out = toml_edit::Array::new();
            for (i, word) in items(input).enumerate() {
                out.push(typed(&spec, word).map_err(|e| format!("value {}: {e}", i + 1))?);
            }
            Ok(Value::Array(out))
        }
        FieldKind::Toml => input
            .trim()
            .parse::<Value>()
            .map(|v| v.decorated("", ""))
            .map_err(|e| format!("not a TOML value: {}", e.to_string().trim())),
        FieldKind::NumberOr { min, max, words } => {
            let t = input.trim();
            if words.contains(&t) {
                return Ok(Value::from(t));
            }
            match t.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(Value::from(n)),
                _ => Err(format!("must be {min}-{max} or {}", words.join(", "))),
            }
        }
    }
}

/// The values of a list typed with commas, blanks left out.
fn items(input: &str) -> impl Iterator<Item = &str> {
    input.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// A record found in a document, table or inline table.
enum Rec<'a> {
    Table(&'a Table),
    Inline(&'a InlineTable),
}

impl<'a> Rec<'a> {
    fn like(&self) -> &'a dyn TableLike {
        match self {
            Rec::Table(t) => *t,
            Rec::Inline(t) => *t,
        }
    }

    fn span(&self) -> Option<Range<usize>> {
        match self {
            Rec::Table(t) => t.span(),
            Rec::Inline(t) => t.span(),
        }
    }
}

fn record<'a>(
    root: &'a Table,
    schema: &DeckSchema,
    coll: usize,
    path: &[usize],
) -> Option<Rec<'a>> {
    match schema.collections.get(coll)?.location {
        Location::Tables(key) => {
            let [i] = path else { return None };
            root.get(key)?.as_array_of_tables()?.get(*i).map(Rec::Table)
        }
        Location::Table(key) => {
            if !path.is_empty() {
                return None;
            }
            match root.get(key)? {
                Item::Table(t) => Some(Rec::Table(t)),
                Item::Value(Value::InlineTable(t)) => Some(Rec::Inline(t)),
                _ => None,
            }
        }
        Location::Nested { parent, key, .. } => {
            let (pi, _) = schema.collection(parent)?;
            let (last, head) = path.split_last()?;
            let p = record(root, schema, pi, head)?;
            match item_at(p.like(), key)? {
                Item::Value(Value::Array(a)) => a.get(*last)?.as_inline_table().map(Rec::Inline),
                Item::ArrayOfTables(a) => a.get(*last).map(Rec::Table),
                _ => None,
            }
        }
    }
}

fn record_mut<'a>(
    root: &'a mut Table,
    schema: &DeckSchema,
    coll: usize,
    path: &[usize],
) -> Option<&'a mut dyn TableLike> {
    match schema.collections.get(coll)?.location {
        Location::Tables(key) => {
            let [i] = path else { return None };
            root.get_mut(key)?
                .as_array_of_tables_mut()?
                .get_mut(*i)
                .map(|t| t as &mut dyn TableLike)
        }
        Location::Table(key) => {
            if !path.is_empty() {
                return None;
            }
            root.get_mut(key)?.as_table_like_mut()
        }
        Location::Nested { parent, key, .. } => {
            let (pi, _) = schema.collection(parent)?;
            let (last, head) = path.split_last()?;
            let p = record_mut(root, schema, pi, head)?;
            match item_at_mut(p, key)? {
                Item::Value(Value::Array(a)) => a
                    .get_mut(*last)?
                    .as_inline_table_mut()
                    .map(|t| t as &mut dyn TableLike),
                Item::ArrayOfTables(a) => a.get_mut(*last).map(|t| t as &mut dyn TableLike),
                _ => None,
            }
        }
    }
}

/// How many records of `coll` sit under the parent at `parent`.
fn children(root: &Table, schema: &DeckSchema, coll: usize, parent: &[usize]) -> usize {
    let Some(c) = schema.collections.get(coll) else {
        return 0;
    };
    match c.location {
        Location::Tables(key) => root
            .get(key)
            .and_then(Item::as_array_of_tables)
            .map_or(0, |a| a.len()),
        Location::Table(key) => usize::from(root.get(key).is_some_and(|i| i.is_table_like())),
        Location::Nested {
            parent: pk, key, ..
        } => {
            let Some((pi, _)) = schema.collection(pk) else {
                return 0;
            };
            match record(root, schema, pi, parent).and_then(|p| item_at(p.like(), key)) {
                Some(Item::Value(Value::Array(a))) => a.len(),
                Some(Item::ArrayOfTables(a)) => a.len(),
                _ => 0,
            }
        }
    }
}

/// Inserts `fresh` as a record of `coll` under `parent` at `at` (the end
/// when `None`); returns its index.
fn insert(
    root: &mut Table,
    schema: &DeckSchema,
    coll: usize,
    parent: &[usize],
    at: Option<usize>,
    fresh: InlineTable,
) -> Option<usize> {
    match schema.collections.get(coll)?.location {
        Location::Tables(key) => {
            if !root.contains_key(key) {
                root.insert(key, Item::ArrayOfTables(toml_edit::ArrayOfTables::new()));
            }
            let a = root.get_mut(key)?.as_array_of_tables_mut()?;
            let i = at.unwrap_or(a.len()).min(a.len());
            let mut table = fresh.into_table();
            table.set_implicit(false);
            a.insert(i, table);
            Some(i)
        }
        Location::Table(_) => None,
        Location::Nested {
            parent: pk,
            key,
            tables,
        } => {
            let (pi, _) = schema.collection(pk)?;
            // An array of records that hold records of their own is
            // written as `[[parent.key]]` tables when the parent is a table.
            let as_tables = tables && matches!(record(root, schema, pi, parent)?, Rec::Table(_));
            let p = record_mut(root, schema, pi, parent)?;
            if item_at(p, key).is_none() {
                let empty = if as_tables {
                    Item::ArrayOfTables(toml_edit::ArrayOfTables::new())
                } else {
                    Item::Value(Value::Array(toml_edit::Array::new()))
                };
                insert_path(p, key, empty)?;
            }
            match item_at_mut(p, key)? {
                Item::Value(Value::Array(a)) => {
                    let i = at.unwrap_or(a.len()).min(a.len());
                    let mut v = Value::InlineTable(fresh);
                    // Lay the new entry out like its neighbours.
                    if let Some(n) = a.get(i.saturating_sub(1)).or_else(|| a.get(i)) {
                        *v.decor_mut() = n.decor().clone();
                    }
                    a.insert_formatted(i, v);
                    Some(i)
                }
                Item::ArrayOfTables(a) => {
                    let i = at.unwrap_or(a.len()).min(a.len());
                    a.insert(i, fresh.into_table());
                    Some(i)
                }
                _ => None,
            }
        }
    }
}

fn remove(root: &mut Table, schema: &DeckSchema, coll: usize, parent: &[usize], i: usize) -> bool {
    let Some(c) = schema.collections.get(coll) else {
        return false;
    };
    match c.location {
        Location::Tables(key) => match root.get_mut(key).and_then(Item::as_array_of_tables_mut) {
            Some(a) if i < a.len() => {
                a.remove(i);
                true
            }
            _ => false,
        },
        Location::Table(_) => false,
        Location::Nested {
            parent: pk, key, ..
        } => {
            let Some((pi, _)) = schema.collection(pk) else {
                return false;
            };
            let Some(p) = record_mut(root, schema, pi, parent) else {
                return false;
            };
            match item_at_mut(p, key) {
                Some(Item::Value(Value::Array(a))) if i < a.len() => {
                    a.remove(i);
                    true
                }
                Some(Item::ArrayOfTables(a)) if i < a.len() => {
                    a.remove(i);
                    true
                }
                _ => false,
            }
        }
    }
}

fn item_value(item: &Item) -> Option<Value> {
    match item {
        Item::Value(v) => Some(v.clone()),
        Item::Table(t) => Some(Value::InlineTable(t.clone().into_inline_table())),
        Item::ArrayOfTables(a) => Some(Value::Array(a.clone().into_array())),
        Item::None => None,
    }
}

fn get_path<'a>(t: &'a dyn TableLike, key: &str) -> Option<&'a Value> {
    let mut parts = key.split('.');
    let last = parts.next_back()?;
    let mut cur = t;
    for p in parts {
        cur = cur.get(p)?.as_table_like()?;
    }
    cur.get(last)?.as_value()
}

/// Sets `key` (dotted for nested tables) keeping the old value's spacing
/// and comments.
pub(crate) fn set_path(t: &mut dyn TableLike, key: &str, value: Value) {
    let mut parts: Vec<&str> = key.split('.').collect();
    let Some(last) = parts.pop() else { return };
    let mut cur = t;
    for p in parts {
        if !cur.get(p).is_some_and(Item::is_table_like) {
            cur.insert(p, Item::Value(Value::InlineTable(InlineTable::new())));
        }
        let Some(next) = cur.get_mut(p).and_then(Item::as_table_like_mut) else {
            return;
        };
        cur = next;
    }
    match cur.get_mut(last) {
        Some(Item::Value(old)) => {
            let decor = old.decor().clone();
            *old = value;
            *old.decor_mut() = decor;
        }
        _ => {
            cur.insert(last, Item::Value(value));
        }
    }
}

/// The item at a dotted `key` (`trained.abilities`).
fn item_at<'a>(t: &'a dyn TableLike, key: &str) -> Option<&'a Item> {
    let mut parts = key.split('.');
    let last = parts.next_back()?;
    let mut cur = t;
    for p in parts {
        cur = cur.get(p)?.as_table_like()?;
    }
    cur.get(last)
}

/// See [`item_at`].
fn item_at_mut<'a>(t: &'a mut dyn TableLike, key: &str) -> Option<&'a mut Item> {
    let mut parts = key.split('.');
    let last = parts.next_back()?;
    let mut cur = t;
    for p in parts {
        cur = cur.get_mut(p)?.as_table_like_mut()?;
    }
    cur.get_mut(last)
}

/// Inserts `item` at a dotted `key`, making the tables on the way (as
/// `[table]`s, so that they can hold arrays of tables).
fn insert_path(t: &mut dyn TableLike, key: &str, item: Item) -> Option<()> {
    let mut parts: Vec<&str> = key.split('.').collect();
    let last = parts.pop()?;
    let mut cur = t;
    for p in parts {
        if !cur.get(p).is_some_and(Item::is_table_like) {
            cur.insert(p, Item::Table(Table::new()));
        }
        // An array of tables cannot live in an inline table.
        if matches!(item, Item::ArrayOfTables(_))
            && let Some(Item::Value(Value::InlineTable(_))) = cur.get(p)
            && let Some(Item::Value(Value::InlineTable(inline))) = cur.remove(p)
        {
            cur.insert(p, Item::Table(inline.into_table()));
        }
        cur = cur.get_mut(p)?.as_table_like_mut()?;
    }
    cur.insert(last, item);
    Some(())
}

/// Removes a dotted `key`, and the inline tables it leaves empty.
pub(crate) fn remove_path(t: &mut dyn TableLike, key: &str) {
    match key.split_once('.') {
        None => {
            t.remove(key);
        }
        Some((head, rest)) => {
            let Some(inner) = t.get_mut(head).and_then(Item::as_table_like_mut) else {
                return;
            };
            remove_path(inner, rest);
            let empty_inline = matches!(
                t.get(head),
                Some(Item::Value(Value::InlineTable(i))) if i.is_empty()
            );
            if empty_inline {
                t.remove(head);
            }
        }
    }
}

/// Makes a record fit the case of its variant named `tag`: removes the
/// keys the case does not use and adds the fields it needs with their
/// defaults.
fn fit_case(t: &mut dyn TableLike, c: &Collection, tag: &str) {
    let (Some(v), Some(case)) = (c.variant, c.case(tag)) else {
        return;
    };
    let keys: Vec<String> = t.iter().map(|(k, _)| k.to_string()).collect();
    for k in keys {
        let used = k == v.tag
            || case.required.iter().chain(case.optional).any(|f| {
                *f == k
                    || f.strip_prefix(k.as_str())
                        .is_some_and(|r| r.starts_with('.'))
            });
        if !used {
            t.remove(&k);
        }
    }
    for key in case.required {
        if let Some(f) = c.field(key)
            && get_path(t, key).is_none()
            && let Ok(value) = typed(f, f.default)
        {
            set_path(t, key, value);
        }
    }
}

/// Where every `[table]` and `[[table]]` header of a document starts.
fn header_starts(t: &Table, out: &mut Vec<usize>) {
    for (_, item) in t.iter() {
        match item {
            Item::Table(sub) => {
                if let Some(span) = sub.span()
                    && !sub.is_implicit()
                {
                    out.push(span.start);
                }
                header_starts(sub, out);
            }
            Item::ArrayOfTables(a) => {
                for sub in a.iter() {
                    if let Some(span) = sub.span() {
                        out.push(span.start);
                    }
                    header_starts(sub, out);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(kind: FieldKind) -> FieldSpec {
        FieldSpec::new("k", "K", kind, "", "")
    }

    #[test]
    fn sets_keep_their_order_and_refuse_strangers_and_repeats() {
        let s = spec(FieldKind::Set(&["a", "b", "c"]));
        let v = typed(&s, "c, a").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.to_string(), r#"["c", "a"]"#);
        assert_eq!(plain(&v), "c, a");
        assert!(typed(&s, "a, d").is_err());
        assert!(typed(&s, "a, a").is_err());
        assert_eq!(plain(&typed(&s, "").unwrap_or_else(|e| panic!("{e}"))), "");
    }

    #[test]
    fn lists_type_every_value() {
        let s = spec(FieldKind::List(&FieldKind::Int { min: 0, max: 3 }));
        let v = typed(&s, "0, 1,3 , 3").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.to_string(), "[0, 1, 3, 3]");
        assert_eq!(plain(&v), "0, 1, 3, 3");
        let err = typed(&s, "1, 4").err().unwrap_or_default();
        assert!(err.contains("value 2"), "{err}");
        // A single value where the file may hold one or many reads alike.
        let words = spec(FieldKind::List(&FieldKind::Choice(&["regular", "veteran"])));
        let one = typed(&words, "veteran").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain(&one), plain(&Value::from("veteran")));
    }

    #[test]
    fn numbers_or_words_and_toml_values() {
        let s = spec(FieldKind::NumberOr {
            min: 1,
            max: 3,
            words: &["all"],
        });
        assert_eq!(typed(&s, "2").ok().and_then(|v| v.as_integer()), Some(2));
        assert_eq!(
            typed(&s, " all ").ok().map(|v| plain(&v)),
            Some("all".into())
        );
        assert!(typed(&s, "4").is_err());
        assert!(typed(&s, "some").is_err());
        let t = spec(FieldKind::Toml);
        let v = typed(&t, r#"[[{ op = "gain" }], []]"#).unwrap_or_else(|e| panic!("{e}"));
        assert!(v.is_array());
        assert!(typed(&t, "[{ op = ").is_err());
    }

    #[test]
    fn removing_a_dotted_key_prunes_the_inline_tables_it_empties() {
        let mut doc: DocumentMut = "[card]\ncost = { cash = 1 }\nside = { a = 1, b = 2 }\n"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        let Some(card) = doc.get_mut("card").and_then(Item::as_table_like_mut) else {
            panic!("no card");
        };
        remove_path(card, "cost.cash");
        remove_path(card, "side.a");
        assert!(card.get("cost").is_none());
        assert_eq!(
            get_path(card, "side.b").and_then(Value::as_integer),
            Some(2)
        );
        assert!(
            insert_path(
                card,
                "side.list",
                Item::ArrayOfTables(toml_edit::ArrayOfTables::new())
            )
            .is_some()
        );
        // An array of tables needs a real table around it.
        assert!(matches!(card.get("side"), Some(Item::Table(_))));
    }
}

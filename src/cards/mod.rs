//! Card data: human-editable files in `card_data/` turned into validated decks.
//!
//! The default data is embedded in the binary; a user folder laid out like
//! `card_data/` overrides it file by file (`--data DIR`). Raw files are read
//! into serde structs, then validated into decks; every problem becomes a
//! [`DataError`] that names the file, line, column, card and field. Nothing
//! here panics on a malformed file. The engines never see this module: a
//! validated deck hands them a compact `CardSet`.

pub mod color;
pub mod source;

pub use color::Rgb;
pub use source::DataSource;

use std::fmt;

/// A problem in a card or template file, located as precisely as the
/// problem allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The file, as the user knows it (a path, or `card_data/...` for the
    /// embedded defaults).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The card concerned, when there is one (its id and name).
    pub card: Option<String>,
    /// The template box concerned, in a template file.
    pub box_name: Option<String>,
    /// The field concerned, when there is one.
    pub field: Option<String>,
    /// What is wrong and, where possible, what would be right.
    pub message: String,
}

impl DataError {
    /// An error about a whole file.
    pub fn file(file: impl Into<String>, message: impl Into<String>) -> Self {
        DataError {
            file: file.into(),
            line: None,
            column: None,
            card: None,
            box_name: None,
            field: None,
            message: message.into(),
        }
    }

    /// Places the error at byte `offset` of `text`.
    pub fn at(mut self, text: &str, offset: usize) -> Self {
        let (line, column) = line_col(text, offset);
        self.line = Some(line);
        self.column = Some(column);
        self
    }

    /// Names the card concerned.
    pub fn card(mut self, card: impl Into<String>) -> Self {
        self.card = Some(card.into());
        self
    }

    /// Names the template box concerned.
    pub fn in_box(mut self, name: impl Into<String>) -> Self {
        self.box_name = Some(name.into());
        self
    }

    /// Names the field concerned.
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }
}

impl fmt::Display for DataError {
    /// One line, whatever the file held: a line break or other control
    /// character quoted from the file (a key, a value) is written escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", OneLine(&self.file, SHOWN_PATH))?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ":")?;
        if let Some(card) = &self.card {
            write!(f, " card {},", OneLine(card, SHOWN_NAME))?;
        }
        if let Some(b) = &self.box_name {
            write!(f, " box `{}`,", OneLine(b, SHOWN_NAME))?;
        }
        if let Some(field) = &self.field {
            write!(f, " field `{}`:", OneLine(field, SHOWN_NAME))?;
        }
        write!(f, " {}", OneLine(&self.message, SHOWN_MESSAGE))
    }
}

/// The most characters of a path an error shows.
const SHOWN_PATH: usize = 400;
/// The most characters of a card, box or field name an error shows.
const SHOWN_NAME: usize = 120;
/// The most characters of an error's message (which may quote a value
/// from the file) shown.
const SHOWN_MESSAGE: usize = 600;

/// Text written on one line: control characters escaped (`\n`, `\u{7}`),
/// and no more than the given number of characters (a huge value quoted
/// from a file is cut, saying how much was left out).
struct OneLine<'a>(&'a str, usize);

impl fmt::Display for OneLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.0.chars().enumerate() {
            if i == self.1 {
                let rest = self.0.chars().count() - i;
                return write!(f, "… ({rest} more characters)");
            }
            if c.is_control() {
                write!(f, "{}", c.escape_default())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for DataError {}

/// A list of data errors, shown one per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

impl From<DataError> for DataErrors {
    fn from(e: DataError) -> Self {
        DataErrors(vec![e])
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// Parses TOML into `T`, turning a syntax or type error into a located
/// [`DataError`]. A control character in any string or key (a NUL written
/// as `\u0000`, an escape, a stray byte) is refused too, naming the card
/// and field it is in: see [`check_control_characters`].
pub fn parse_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    let value = toml::from_str(text).map_err(|e| {
        let message = e.message().trim().to_string();
        let mut err = DataError::file(file, message.clone());
        if let Some(span) = e.span() {
            err = err.at(text, span.start);
            // Name the card and the field the parser's place falls in; a
            // missing field is reported at its table, so its name comes
            // from the message.
            if let Some(place) = locate(text, span.start) {
                let missing = message
                    .strip_prefix("missing field `")
                    .and_then(|m| m.split('`').next());
                let field = match missing {
                    Some(name) => Some(format!("{}{name}", place.table)),
                    None => place.field,
                };
                if let Some(card) = place.card {
                    err = err.card(card);
                }
                if let Some(field) = field {
                    err = err.field(field);
                }
            }
        }
        err
    })?;
    check_control_characters(file, text)?;
    Ok(value)
}

/// How an entry of a `[[...]]` list is named in messages: the first of
/// `keys` it holds as a printable string.
fn entry_label(table: &toml::de::DeTable<'_>, keys: &[&str]) -> Option<String> {
    use toml::de::DeValue;
    keys.iter().find_map(|k| {
        table.iter().find_map(|(key, v)| match v.get_ref() {
            DeValue::String(s) if key.get_ref() == k && bad_character("name", s).is_none() => {
                Some(s.to_string())
            }
            _ => None,
        })
    })
}

/// Where a byte offset of a TOML file falls: the card (the innermost
/// `[[...]]` entry, by its `id`, `code` or `name`, or its place such as
/// `card 3`), the path of the table it is in (`top.`, or empty at the top
/// of a card) and the field whose key or value it is on.
struct Place {
    card: Option<String>,
    table: String,
    field: Option<String>,
}

fn locate(text: &str, offset: usize) -> Option<Place> {
    use toml::de::{DeTable, DeValue};
    let doc = DeTable::parse(text).ok()?;
    fn within(span: std::ops::Range<usize>, offset: usize) -> bool {
        span.start <= offset && offset < span.end.max(span.start + 1)
    }
    /// Where a table's keys and values end: a table written under a header
    /// is spanned by its header alone, its contents come after.
    fn extent(t: &DeTable<'_>) -> usize {
        t.iter()
            .map(|(k, v)| {
                let inner = match v.get_ref() {
                    DeValue::Table(t) => extent(t),
                    DeValue::Array(items) => items
                        .iter()
                        .map(|i| match i.get_ref() {
                            DeValue::Table(t) => extent(t).max(i.span().end),
                            _ => i.span().end,
                        })
                        .max()
                        .unwrap_or(0),
                    _ => 0,
                };
                k.span().end.max(v.span().end).max(inner)
            })
            .max()
            .unwrap_or(0)
    }
    /// A table value's whole stretch of text: its span to its contents' end.
    fn region(span: std::ops::Range<usize>, t: &DeTable<'_>) -> std::ops::Range<usize> {
        span.start..span.end.max(extent(t))
    }
    fn table(
        t: &DeTable<'_>,
        prefix: &str,
        card: &Option<String>,
        offset: usize,
        found: &mut Place,
    ) {
        for (k, v) in t.iter() {
            let key = k.get_ref();
            let path = format!("{prefix}{key}");
            let on_key = within(k.span(), offset);
            match v.get_ref() {
                DeValue::Table(inner) if within(region(v.span(), inner), offset) || on_key => {
                    found.card = card.clone();
                    found.table = format!("{path}.");
                    found.field = on_key.then(|| path.clone());
                    table(inner, &format!("{path}."), card, offset, found);
                }
                DeValue::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if let DeValue::Table(inner) = item.get_ref() {
                            let here = entry_label(inner, &["id", "code", "name"])
                                .unwrap_or_else(|| format!("{key} {}", i + 1));
                            let card = Some(match card {
                                Some(outer) => format!("{outer} / {here}"),
                                None => here,
                            });
                            if within(region(item.span(), inner), offset) {
                                found.card = card.clone();
                                found.table = String::new();
                                found.field = None;
                                table(inner, "", &card, offset, found);
                            }
                        } else if within(item.span(), offset) {
                            found.card = card.clone();
                            found.field = Some(path.clone());
                        }
                    }
                    if on_key {
                        found.field = Some(path.clone());
                    }
                }
                _ if on_key || within(v.span(), offset) => {
                    found.card = card.clone();
                    found.table = prefix.to_string();
                    found.field = Some(path.clone());
                }
                _ => {}
            }
        }
    }
    let mut found = Place {
        card: None,
        table: String::new(),
        field: None,
    };
    table(doc.get_ref(), "", &None, offset, &mut found);
    Some(found)
}

/// Fields of prose (rule texts, flavour, descriptions), the only ones
/// that may hold a line break or a tab; every other field is a name, a
/// code, an id or a choice (`effect = "added_time"`), on one line.
fn one_line_field(key: &str) -> bool {
    !matches!(
        key,
        "text"
            | "description"
            | "flavour"
            | "scout_report"
            | "meaning"
            | "task"
            | "rule"
            | "rules"
            | "note"
            | "notes"
            | "comment"
            | "help"
            | "body"
            | "summary"
    ) && !key.ends_with("_text")
}

/// The first control character in `s` that a field called `key` must not
/// hold: any but line break, carriage return and tab, and those too in a
/// one-line field.
fn bad_character(key: &str, s: &str) -> Option<char> {
    let one_line = one_line_field(key);
    s.chars()
        .find(|&c| c.is_control() && (one_line || !matches!(c, '\n' | '\r' | '\t')))
}

/// Refuses a control character (NUL, escape, bell, ...) in any string or
/// key of a TOML card file: it would print as nothing or garbage and can
/// break files written from it. The error names the line and column, the
/// card (the enclosing table's `name`, `code` or `id`, or its place such
/// as `nation 3`) and the field.
pub fn check_control_characters(file: &str, text: &str) -> Result<(), DataError> {
    use toml::de::{DeTable, DeValue};
    let Ok(doc) = DeTable::parse(text) else {
        // Not TOML at all: the parser's own error says so first.
        return Ok(());
    };
    struct Found {
        at: usize,
        card: Option<String>,
        field: String,
        c: char,
    }
    fn label(t: &DeTable<'_>) -> Option<String> {
        entry_label(t, &["id", "code", "name", "effect"])
    }
    fn value(
        v: &toml::Spanned<DeValue<'_>>,
        field: &str,
        key: &str,
        card: &Option<String>,
    ) -> Option<Found> {
        match v.get_ref() {
            DeValue::String(s) => bad_character(key, s).map(|c| Found {
                at: v.span().start,
                card: card.clone(),
                field: field.to_string(),
                c,
            }),
            DeValue::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
                if let DeValue::Table(t) = item.get_ref() {
                    let place = format!("{field} {}", i + 1);
                    let here = label(t).map_or(place, |l| format!("{l} ({field} {})", i + 1));
                    let card = match card {
                        Some(outer) => format!("{outer} / {here}"),
                        None => here,
                    };
                    table(t, "", &Some(card))
                } else {
                    value(item, &format!("{field}[{}]", i + 1), key, card)
                }
            }),
            DeValue::Table(t) => table(t, &format!("{field}."), card),
            _ => None,
        }
    }
    fn table(t: &DeTable<'_>, prefix: &str, card: &Option<String>) -> Option<Found> {
        t.iter().find_map(|(k, v)| {
            let key = k.get_ref();
            let field = format!("{prefix}{key}");
            if let Some(c) = bad_character("name", key) {
                return Some(Found {
                    at: k.span().start,
                    card: card.clone(),
                    field,
                    c,
                });
            }
            value(v, &field, key, card)
        })
    }
    match table(doc.get_ref(), "", &None) {
        None => Ok(()),
        Some(f) => {
            let mut e = DataError::file(
                file,
                format!(
                    "holds the control character U+{:04X}{}; remove it (names and text are printed as written)",
                    u32::from(f.c),
                    match f.c {
                        '\0' => " (NUL)",
                        '\n' | '\r' => " (a line break, in a one-line field)",
                        '\t' => " (a tab, in a one-line field)",
                        _ => "",
                    }
                ),
            )
            .at(text, f.at)
            .field(f.field);
            if let Some(card) = f.card {
                e = e.card(card);
            }
            Err(e)
        }
    }
}

/// Writes `bytes` to `path` without ever leaving a half-written file: the
/// data goes to a temporary file in the same folder, is flushed to disk,
/// and then replaces `path` in one rename. On any error the old file is
/// untouched and the temporary file is removed.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_path(path);
    let result = write_synced(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// A file of a group that could not be written, and why.
#[derive(Debug)]
pub struct WriteError {
    /// The file.
    pub path: std::path::PathBuf,
    /// The system's reason.
    pub source: std::io::Error,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for WriteError {}

/// Writes every file of `files` or none of them. Each new text first goes
/// to a temporary file beside its target; only when all are on disk are
/// they renamed into place, and the old files are kept under a second name
/// until every rename has worked. On any error every target is as it was
/// (a file that did not exist still does not), no temporary file is left,
/// and the error names the file that failed.
pub fn write_all_atomically(files: &[(std::path::PathBuf, Vec<u8>)]) -> Result<(), WriteError> {
    use std::path::PathBuf;
    let fail = |path: &std::path::Path, source| WriteError {
        path: path.to_path_buf(),
        source,
    };
    let remove_all = |paths: &[PathBuf]| {
        for p in paths {
            let _ = std::fs::remove_file(p);
        }
    };
    let mut temps: Vec<PathBuf> = Vec::new();
    for (path, bytes) in files {
        let tmp = temp_path(path);
        if let Err(e) = write_synced(&tmp, bytes) {
            let _ = std::fs::remove_file(&tmp);
            remove_all(&temps);
            return Err(fail(path, e));
        }
        temps.push(tmp);
    }
    // The old files, under a second name, until every rename has worked.
    let mut backups: Vec<Option<PathBuf>> = Vec::new();
    for (path, _) in files {
        if !path.is_file() {
            backups.push(None);
            continue;
        }
        let backup = backup_path(path);
        let _ = std::fs::remove_file(&backup);
        let kept =
            std::fs::hard_link(path, &backup).or_else(|_| std::fs::copy(path, &backup).map(|_| ()));
        if let Err(e) = kept {
            remove_all(&temps);
            remove_all(&backups.iter().flatten().cloned().collect::<Vec<_>>());
            return Err(fail(path, e));
        }
        backups.push(Some(backup));
    }
    for (i, ((path, _), tmp)) in files.iter().zip(&temps).enumerate() {
        if let Err(e) = std::fs::rename(tmp, path) {
            // Put back what the renames before this one replaced.
            for ((done, _), backup) in files.iter().zip(&backups).take(i) {
                match backup {
                    Some(b) => {
                        let _ = std::fs::rename(b, done);
                    }
                    None => {
                        let _ = std::fs::remove_file(done);
                    }
                }
            }
            remove_all(&temps[i..]);
            remove_all(&backups[i..].iter().flatten().cloned().collect::<Vec<_>>());
            return Err(fail(path, e));
        }
    }
    remove_all(&backups.into_iter().flatten().collect::<Vec<_>>());
    Ok(())
}

/// The temporary file `path` is written to before it replaces `path`.
fn temp_path(path: &std::path::Path) -> std::path::PathBuf {
    sibling(path, "tmp")
}

/// Where the old `path` is kept while a group of files is replaced.
fn backup_path(path: &std::path::Path) -> std::path::PathBuf {
    sibling(path, "old")
}

/// `.NAME.PID.EXT` in the folder of `path`.
fn sibling(path: &std::path::Path, ext: &str) -> std::path::PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "file".into());
    dir.join(format!(".{name}.{}.{ext}", std::process::id()))
}

/// Creates `path` with `bytes`, flushed to disk.
fn write_synced(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Side {
        mark: String,
        referee: u8,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Card {
        id: String,
        referee: u8,
        top: Option<Side>,
    }

    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct File {
        card: Vec<Card>,
    }

    fn error(text: &str) -> DataError {
        match parse_toml::<File>("red.toml", text) {
            Ok(f) => panic!("parsed: {f:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn a_missing_field_names_its_card_and_field() {
        let text = "[[card]]\nid = \"red-01\"\nreferee = 3\n\n[[card]]\nid = \"red-02\"\n";
        let e = error(text);
        assert_eq!(e.card.as_deref(), Some("red-02"), "{e}");
        assert_eq!(e.field.as_deref(), Some("referee"), "{e}");
        assert!(e.line.is_some_and(|l| l >= 5), "{e}");
        let shown = e.to_string();
        assert!(
            shown.contains("card red-02") && shown.contains("field `referee`"),
            "{shown}"
        );
    }

    #[test]
    fn a_missing_field_in_a_sub_table_names_the_path() {
        let text = "[[card]]\nid = \"red-07\"\nreferee = 3\n\n[card.top]\nmark = \"x\"\n";
        let e = error(text);
        assert_eq!(e.card.as_deref(), Some("red-07"), "{e}");
        assert_eq!(e.field.as_deref(), Some("top.referee"), "{e}");
    }

    #[test]
    fn a_wrong_value_names_its_card_and_field() {
        let text = "[[card]]\nid = \"red-01\"\nreferee = 3\n\n[[card]]\nid = \"red-02\"\nreferee = \"three\"\n";
        let e = error(text);
        assert_eq!(e.card.as_deref(), Some("red-02"), "{e}");
        assert_eq!(e.field.as_deref(), Some("referee"), "{e}");
        assert_eq!(e.line, Some(7), "{e}");
    }

    #[test]
    fn a_card_without_an_id_is_named_by_its_place() {
        let text = "[[card]]\nid = \"red-01\"\nreferee = 3\n\n[[card]]\nreferee = 4\n";
        let e = error(text);
        assert_eq!(e.card.as_deref(), Some("card 2"), "{e}");
        assert_eq!(e.field.as_deref(), Some("id"), "{e}");
    }

    #[test]
    fn an_error_quoting_a_line_break_stays_on_one_line() {
        let e = DataError::file("a.toml", "unknown field `x\ny`, expected `id`")
            .card("odd\tname")
            .field("x\ny");
        let shown = e.to_string();
        assert_eq!(shown.lines().count(), 1, "{shown}");
        assert!(shown.contains("unknown field `x\\ny`"), "{shown}");
        assert!(shown.contains("card odd\\tname,"), "{shown}");
        assert!(DataErrors(vec![e.clone(), e]).to_string().lines().count() == 2);
    }

    #[test]
    fn line_and_column_count_characters() {
        let t = "a = 1\nbé = 2\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 6), (2, 1));
        // 'é' is two bytes: the '=' after "bé " is column 4.
        assert_eq!(line_col(t, 10), (2, 4));
        assert_eq!(line_col(t, 999), (3, 1));
    }

    #[test]
    fn a_group_write_that_fails_changes_no_file() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let a = dir.path().join("a.toml");
        let b = dir.path().join("b.toml");
        let c = dir.path().join("c.toml");
        std::fs::write(&a, "old a").unwrap_or_else(|e| panic!("{e}"));
        // `c` is a folder: its rename fails after `a` and `b` were renamed.
        std::fs::create_dir_all(c.join("x")).unwrap_or_else(|e| panic!("{e}"));
        let files = vec![
            (a.clone(), b"new a".to_vec()),
            (b.clone(), b"new b".to_vec()),
            (c.clone(), b"new c".to_vec()),
        ];
        let err = write_all_atomically(&files).err();
        assert_eq!(err.map(|e| e.path), Some(c.clone()));
        assert_eq!(std::fs::read_to_string(&a).unwrap_or_default(), "old a");
        assert!(!b.exists(), "a file that did not exist must not appear");
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        assert_eq!(names.len(), 2, "leftovers: {names:?}");
        std::fs::remove_dir_all(&c).unwrap_or_else(|e| panic!("{e}"));
        write_all_atomically(&files).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read_to_string(&c).unwrap_or_default(), "new c");
    }

    #[test]
    fn a_control_character_is_found_with_its_card_and_field() {
        let text =
            "[set]\nname = \"Core\"\n\n[[nation]]\ncode = \"BRA\"\nname = \"Bra\\u0000zil\"\n";
        let e = check_control_characters("n.toml", text).err();
        let e = e.map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(
            e,
            "n.toml:6:8: card BRA (nation 1), field `name`: holds the control character U+0000 (NUL); remove it (names and text are printed as written)"
        );
        let nested = "[[nation]]\ncode = \"BRA\"\n[[nation.players]]\nname = \"A\\tB\"\n";
        let e = check_control_characters("n.toml", nested).err();
        assert_eq!(
            e.as_ref().and_then(|e| e.card.as_deref()),
            Some("BRA (nation 1) / players 1")
        );
        assert_eq!(e.and_then(|e| e.field).as_deref(), Some("name"));
        // Line breaks and tabs are fine in text.
        assert!(check_control_characters("x.toml", "text = \"a\\nb\\tc\"\n").is_ok());
        assert!(check_control_characters("x.toml", "text = \"a\\u001bb\"\n").is_err());
    }

    #[test]
    fn errors_name_everything_known() {
        let e = DataError::file("x.toml", "must be 1-10")
            .card("BRA-4")
            .field("rating")
            .at("a\nb", 2);
        assert_eq!(
            e.to_string(),
            "x.toml:2:1: card BRA-4, field `rating`: must be 1-10"
        );
    }
}

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ":")?;
        if let Some(card) = &self.card {
            write!(f, " card {card},")?;
        }
        if let Some(b) = &self.box_name {
            write!(f, " box `{b}`,")?;
        }
        if let Some(field) = &self.field {
            write!(f, " field `{field}`:")?;
        }
        write!(f, " {}", self.message)
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
        let mut err = DataError::file(file, e.message().trim().to_string());
        if let Some(span) = e.span() {
            err = err.at(text, span.start);
        }
        err
    })?;
    check_control_characters(file, text)?;
    Ok(value)
}

/// Fields that are printed on one line (names, codes, ids): not even a
/// line break or a tab belongs in them.
fn one_line_field(key: &str) -> bool {
    key == "name" || key == "code" || key == "id" || key.ends_with("_name") || key == "title"
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
    fn label(table: &DeTable<'_>) -> Option<String> {
        ["id", "code", "name", "effect"].iter().find_map(|k| {
            table.iter().find_map(|(key, v)| match v.get_ref() {
                DeValue::String(s) if key.get_ref() == k && bad_character("name", s).is_none() => {
                    Some(s.to_string())
                }
                _ => None,
            })
        })
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
    use std::io::Write as _;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "file".into());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

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

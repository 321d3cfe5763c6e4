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
/// [`DataError`].
pub fn parse_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let mut err = DataError::file(file, e.message().trim().to_string());
        if let Some(span) = e.span() {
            err = err.at(text, span.start);
        }
        err
    })
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

//! Which cards changed since the last print.
//!
//! Every export (`touchline export` and the print dialog) keeps
//! `FILE.pdf.cards` beside the PDF: one line `HASH CARD-ID` per card of the
//! decks printed, a hash of everything printed on the card. "Only the cards
//! changed since the last print" ([`changes`]) compares the decks with that
//! file and prints the cards that are new or differ to `FILE.changed.pdf`
//! ([`changed_path`]) beside the full PDF, which it leaves alone; [`record`]
//! then writes the record (what has now been printed), replaced in one
//! step like the PDF. Both the command line and the dialog call these, so
//! either can pick up where the other left off.

use crate::layout::{PrintCard, PrintDeck, Selection};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Card hashes by card id.
pub type Hashes = BTreeMap<String, String>;

/// Why the hash file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ChangedError {
    /// The file exists but cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The hash file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// A line is not `HASH CARD-ID`.
    #[error("{} line {line}: expected `HASH CARD-ID`, found `{text}`", path.display())]
    Line {
        /// The hash file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// The file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The hash file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// Ids of different games may clash in one file.
    #[error("only the changed cards: print one game at a time")]
    SeveralGames,
}

/// Where the card hashes of an export to `out` are kept: `out` + `.cards`.
pub fn hash_file_of(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(".cards");
    PathBuf::from(name)
}

/// A stable hash (FNV-1a, 64 bits) of everything printed on a card.
pub fn content_hash(card: &PrintCard) -> String {
    let text = format!("{card:?}");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Every card of `decks`, by id, with its content hash.
pub fn card_hashes(decks: &[PrintDeck]) -> Hashes {
    decks
        .iter()
        .flat_map(|d| &d.cards)
        .map(|c| (c.id.clone(), content_hash(c)))
        .collect()
}

/// The hashes of the last export (none when there was none).
pub fn read_hashes(path: &Path) -> Result<Hashes, ChangedError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Hashes::new()),
        Err(source) => {
            return Err(ChangedError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let mut out = Hashes::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let Some((hash, id)) = line.trim().split_once(' ') else {
            return Err(ChangedError::Line {
                path: path.to_path_buf(),
                line: n + 1,
                text: line.to_string(),
            });
        };
        out.insert(id.trim().to_string(), hash.to_string());
    }
    Ok(out)
}

/// Where only the changed cards of an export to `out` are written:
/// `NAME.changed.pdf` beside `out` (`booked.pdf` -> `booked.changed.pdf`).
pub fn changed_path(out: &Path) -> PathBuf {
    let name = out.file_name().map(|n| n.to_string_lossy().to_string());
    let name = name.unwrap_or_else(|| "cards.pdf".to_string());
    let new = match name.rsplit_once('.') {
        Some((stem, ext)) if ext.eq_ignore_ascii_case("pdf") && !stem.is_empty() => {
            format!("{stem}.changed.{ext}")
        }
        _ => format!("{name}.changed.pdf"),
    };
    out.with_file_name(new)
}

/// The cards new or changed since the last export to a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changes {
    /// Their ids, in deck order.
    pub ids: Vec<String>,
    /// Whether there was a record of an earlier print at all (without
    /// one, every card counts as new).
    pub had_record: bool,
}

impl Changes {
    /// The cards to print; `None` when nothing changed.
    pub fn selection(&self) -> Option<Selection> {
        (!self.ids.is_empty()).then(|| Selection::Ids(self.ids.clone()))
    }

    /// What changed, in words, naming the cards (the first 30, then how
    /// many more): `3 cards changed since the last print to booked.pdf:
    /// BRA-9, GER-1, var_review-2`.
    pub fn describe(&self, out: &Path) -> String {
        const SHOWN: usize = 30;
        let n = self.ids.len();
        let mut names = self
            .ids
            .iter()
            .take(SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if n > SHOWN {
            names.push_str(&format!(" and {} more", n - SHOWN));
        }
        let cards = if n == 1 {
            "1 card"
        } else {
            &format!("{n} cards")
        };
        if self.had_record {
            format!(
                "{cards} changed since the last print to {}: {names}",
                out.display()
            )
        } else {
            format!(
                "no record of an earlier print to {} yet ({} is missing): every card counts as new, {cards}",
                out.display(),
                hash_file_of(out).display()
            )
        }
    }
}

/// The cards of `decks` (in deck order) that are new or differ from the
/// last export to `out`.
pub fn changes(decks: &[PrintDeck], out: &Path) -> Result<Changes, ChangedError> {
    if decks.len() != 1 {
        return Err(ChangedError::SeveralGames);
    }
    let path = hash_file_of(out);
    let had_record = path.exists();
    let before = read_hashes(&path)?;
    let ids = decks
        .iter()
        .flat_map(|d| &d.cards)
        .filter(|c| before.get(&c.id) != Some(&content_hash(c)))
        .map(|c| c.id.clone())
        .collect();
    Ok(Changes { ids, had_record })
}

/// Records the cards of `decks` as printed to `out`: their hashes replace
/// theirs in `FILE.pdf.cards` (earlier prints of other decks keep their
/// lines), written through a temporary file renamed into place.
pub fn record(decks: &[PrintDeck], out: &Path) -> Result<(), ChangedError> {
    let path = hash_file_of(out);
    // A damaged file is replaced: it is rewritten from the decks printed.
    let mut all = read_hashes(&path).unwrap_or_default();
    all.extend(card_hashes(decks));
    let text: String = all.iter().map(|(id, h)| format!("{h} {id}\n")).collect();
    crate::cards::write_atomically(&path, text.as_bytes())
        .map_err(|source| ChangedError::Write { path, source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Fields;

    fn deck(names: &[(&str, &str)]) -> PrintDeck {
        PrintDeck {
            game: "t".into(),
            title: "T".into(),
            cards: names
                .iter()
                .map(|(id, name)| {
                    PrintCard::new(*id, "t", "card", Fields::new().with("name", *name))
                })
                .collect(),
            back: PrintCard::new("back", "t", "back", Fields::new()),
        }
    }

    #[test]
    fn only_new_and_edited_cards_are_selected_after_a_record() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = dir.path().join("t.pdf");
        let first = [deck(&[("A-1", "Ann"), ("B-1", "Bea")])];
        // Never printed: every card is new, and the words say why.
        let all = changes(&first, &out).unwrap_or_else(|e| panic!("{e}"));
        assert!(!all.had_record);
        assert_eq!(
            all.selection(),
            Some(Selection::Ids(vec!["A-1".into(), "B-1".into()]))
        );
        assert!(
            all.describe(&out)
                .starts_with("no record of an earlier print to ")
                && all
                    .describe(&out)
                    .ends_with("every card counts as new, 2 cards"),
            "{}",
            all.describe(&out)
        );
        record(&first, &out).unwrap_or_else(|e| panic!("{e}"));
        let none = changes(&first, &out).unwrap_or_else(|e| panic!("{e}"));
        assert!(none.had_record && none.selection().is_none());
        let edited = [deck(&[("C-1", "Cy"), ("A-1", "Ann"), ("B-1", "Bee")])];
        let some = changes(&edited, &out).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            some.ids,
            vec!["C-1".to_string(), "B-1".to_string()],
            "deck order"
        );
        assert_eq!(
            some.describe(&out),
            format!(
                "2 cards changed since the last print to {}: C-1, B-1",
                out.display()
            )
        );
        let text = std::fs::read_to_string(hash_file_of(&out)).unwrap_or_default();
        assert_eq!(text.lines().count(), 2, "{text}");
    }

    #[test]
    fn a_damaged_line_is_named_and_several_games_are_refused() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = dir.path().join("t.pdf");
        std::fs::write(hash_file_of(&out), "0123 A-1\nnonsense\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let e = changes(&[deck(&[("A-1", "Ann")])], &out)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.ends_with("t.pdf.cards line 2: expected `HASH CARD-ID`, found `nonsense`"),
            "{e}"
        );
        let two = [deck(&[("A-1", "Ann")]), deck(&[("B-1", "Bea")])];
        assert!(matches!(
            changes(&two, &out),
            Err(ChangedError::SeveralGames)
        ));
    }

    #[test]
    fn the_changed_cards_go_beside_the_full_pdf() {
        let p = |s: &str| changed_path(Path::new(s)).to_string_lossy().to_string();
        assert_eq!(p("out/booked.pdf"), "out/booked.changed.pdf");
        assert_eq!(p("Decks.PDF"), "Decks.changed.PDF");
        assert_eq!(p("cards"), "cards.changed.pdf");
        assert_eq!(p(".pdf"), ".pdf.changed.pdf");
    }
}

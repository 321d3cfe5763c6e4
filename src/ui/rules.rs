//! The Rules window every table opens: a game's rules as Touchline plays
//! them (the registry's `rulebook`, one Markdown file a game in
//! `docs/rules/`), rendered as formatted text with headings, lists and
//! tables. Two tabs: the one-screen Quick reference each file opens with,
//! and the Full rules after it. Nothing here knows a game by name.

use egui_commonmark::{CommonMarkCache, CommonMarkViewer};
use std::sync::{Arc, Mutex};

/// The heading of the section every rules file opens with.
pub const QUICK_HEADING: &str = "## Quick reference";

/// A rules file cut into the window's two tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesText<'a> {
    /// The Quick reference section, its heading included (empty when the
    /// file has none).
    pub quick: &'a str,
    /// The full rules: every section after the Quick reference (the whole
    /// file when it has none).
    pub full: &'a str,
}

/// Cuts a rules file at its Quick reference section: the lines from
/// [`QUICK_HEADING`] to the next heading of the same or a higher level.
/// The title and anything else before the section are left to the window's
/// title bar.
pub fn split(text: &str) -> RulesText<'_> {
    let mut start = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let heading = line.trim_end();
        match start {
            None if heading == QUICK_HEADING => start = Some(offset),
            Some(s) if heading.starts_with("## ") || heading.starts_with("# ") => {
                return RulesText {
                    quick: text[s..offset].trim_end(),
                    full: &text[offset..],
                };
            }
            _ => {}
        }
        offset += line.len();
    }
    match start {
        Some(s) => RulesText {
            quick: text[s..].trim_end(),
            full: "",
        },
        None => RulesText {
            quick: "",
            full: text,
        },
    }
}

/// Which tab the window shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Tab {
    #[default]
    Quick,
    Full,
}

/// The rendered Markdown's layout cache, kept in egui's memory per game.
type Cache = Arc<Mutex<CommonMarkCache>>;

/// Shows the Rules window of the game called `name`, whose rules are the
/// Markdown `rulebook`, while `open` is set; its close button clears
/// `open`. The tab chosen is remembered per game for the session.
pub fn rules_window(ctx: &egui::Context, open: &mut bool, name: &str, rulebook: &str) {
    if !*open {
        return;
    }
    let id = egui::Id::unique(("rules window", name));
    let mut tab: Tab = ctx.data(|d| d.get_temp(id)).unwrap_or_default();
    let cache: Cache = ctx.data_mut(|d| {
        d.get_temp_mut_or_insert_with(id.with("markdown"), Cache::default)
            .clone()
    });
    let text = split(rulebook);
    let screen = ctx.content_rect();
    // Fit the window on small screens (1024 x 640) with room for the
    // table's own top bar; on larger ones it stays a comfortable column.
    let width = (screen.width() - 40.0).clamp(320.0, 680.0);
    let height = (screen.height() - 90.0).clamp(240.0, 640.0);
    egui::Window::new(format!("{name} rules"))
        .id(id)
        .open(open)
        .default_size([width, height])
        .max_height(screen.height() - 40.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if !text.quick.is_empty() {
                    ui.selectable_value(&mut tab, Tab::Quick, "Quick reference");
                }
                ui.selectable_value(&mut tab, Tab::Full, "Full rules");
            });
            ui.separator();
            let shown = match tab {
                Tab::Quick if !text.quick.is_empty() => text.quick,
                _ => text.full,
            };
            egui::ScrollArea::vertical()
                .id_salt(tab)
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
                    CommonMarkViewer::new().show_with_id(id.with(tab), ui, &mut cache, shown);
                });
        });
    ctx.data_mut(|d| d.insert_temp(id, tab));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most lines a Quick reference may take, heading and blank lines
    /// included: one screen of the window at 1280 x 800.
    const QUICK_LINES: usize = 25;

    /// The most characters a table row may show, cells and gaps together:
    /// what fits the window's width without scrolling sideways.
    const TABLE_ROW: usize = 80;

    #[test]
    fn split_cuts_the_quick_reference_from_the_full_rules() {
        let text = "# Game\n\n## Quick reference\n\n- goal\n\n## Setup\n\nDeal 7.\n";
        let cut = split(text);
        assert_eq!(cut.quick, "## Quick reference\n\n- goal");
        assert_eq!(cut.full, "## Setup\n\nDeal 7.\n");
        let none = split("# Game\n\n## Setup\n");
        assert_eq!(none.quick, "");
        assert_eq!(none.full, "# Game\n\n## Setup\n");
        let only = split("## Quick reference\n- a\n### Numbers\n- b\n");
        assert_eq!(only.quick, "## Quick reference\n- a\n### Numbers\n- b");
        assert_eq!(only.full, "");
    }

    /// Every game's rules file: a title, then at once the Quick reference,
    /// short enough for one screen, then the full rules; no Markdown a
    /// player should not see (source paths, code blocks, HTML).
    #[test]
    fn every_rules_file_opens_with_a_one_screen_quick_reference() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        files.sort();
        assert_eq!(files.len(), crate::games::GAMES.len(), "{files:?}");
        for path in files {
            let name = path.display();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let mut headings = text.lines().filter(|l| l.starts_with('#'));
            assert!(
                headings.next().is_some_and(|t| t.starts_with("# ")),
                "{name}: the first heading is the title"
            );
            assert_eq!(
                headings.next(),
                Some(QUICK_HEADING),
                "{name}: the Quick reference comes first"
            );
            let before: Vec<_> = text
                .lines()
                .skip(1)
                .take_while(|l| *l != QUICK_HEADING)
                .filter(|l| !l.trim().is_empty())
                .collect();
            assert!(
                before.is_empty(),
                "{name}: text before the Quick reference: {before:?}"
            );
            let cut = split(&text);
            let lines = cut.quick.lines().count();
            assert!(
                (5..=QUICK_LINES).contains(&lines),
                "{name}: the Quick reference has {lines} lines, at most {QUICK_LINES}"
            );
            assert!(cut.full.lines().count() > lines, "{name}: no full rules");
            // egui_commonmark lays a table row out on one line (no
            // wrapping), so a long row would run out of the window.
            for (n, line) in text.lines().enumerate() {
                let cells: Vec<_> = line.trim().trim_matches('|').split('|').collect();
                if !line.starts_with('|') || line.contains("---") {
                    continue;
                }
                let shown: usize = cells
                    .iter()
                    .map(|c| c.replace("**", "").trim().chars().count() + 3)
                    .sum();
                assert!(
                    shown <= TABLE_ROW + 3,
                    "{name}:{}: a table row of {shown} characters, at most {TABLE_ROW}",
                    n + 1
                );
            }
            for bad in [
                "```",
                "</",
                "<br",
                "src/",
                "docs/",
                ".md",
                ".rs",
                "include_str",
            ] {
                assert!(!text.contains(bad), "{name} contains {bad:?}");
            }
        }
    }

    /// The registry embeds each game's rules file, not a design document.
    #[test]
    fn the_registry_points_at_the_rules_files() {
        for g in crate::games::GAMES {
            let cut = split(g.rulebook);
            assert!(cut.quick.starts_with(QUICK_HEADING), "{}", g.id);
            assert!(g.rulebook.starts_with("# "), "{}", g.id);
        }
    }
}

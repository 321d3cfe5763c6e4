//! Touchline's integration tests: one binary, one module per area.

/// Shared helpers: the default deck, game setup.
mod util;

/// Every scenario in tests/scenarios/ (the rulebook as tests).
mod scenarios;

/// Property tests over thousands of random Booked! games.
mod booked_props;

/// Property tests over thousands of random Cardball games.
mod cardball_props;

/// Golden playthroughs in tests/snapshots/.
mod golden;

/// The command line: exit codes and messages.
mod cli;

/// The balance lab: measures, A against B, card value.
mod lab;

/// Card files: broken data gives located errors, never panics.
mod data;

/// Eleven's card files: located errors, damage never panics.
mod eleven_data;

/// Eleven's Matchday: the rulebook's examples and the pairing properties.
mod eleven_match;

/// Eleven's whole season: the golden two-manager playthrough.
mod eleven_season;

/// The app, driven through labels.
mod ui;

/// The Lab screen, driven through labels.
mod ui_lab;

/// The Cardball table, driven through labels.
mod ui_cardball;

/// The Stadium Memory table, driven through labels.
mod ui_stadium_memory;

/// The Flip Duel table, driven through labels.
mod ui_flip_duel;

/// Every table's Rules window, driven through labels.
mod ui_rules;

/// Every table's keyboard shortcuts and the tooltips naming them.
mod ui_shortcuts;

/// Hard and Expert bots at the tables, and the Hint.
mod ui_search;

/// PDF export.
mod print;

/// The export pipeline the app and the command line share.
mod export_options;

/// Stadium Memory's printed deck and its export.
mod print_stadium_memory;

/// Every card of every game at every size: no icon over a number, no type
/// below 6 pt.
mod print_layout;

/// Hostile inputs to the export: output paths, misspelled conditions.
mod hostile_print;

/// The deck editor's model: edits, undo, validation, save and CSV.
mod editor;

/// Stadium Memory's deck in the editor's model.
mod editor_stadium_memory;

/// The editor screen, driven through labels.
mod ui_editor;

/// The export dialog, driven through labels.
mod ui_export;

/// Eleven's Matchday screen, driven through labels.
mod ui_matchday;

/// The Eleven season table, driven through labels.
mod ui_eleven_season;

/// The season's Matchday on the pitch: drag, click and the Match told.
mod ui_eleven_pitch;

/// The season's Day actions by key.
mod ui_eleven_keys;

/// The clicks a season takes with the defaults.
mod ui_eleven_clicks;

/// Every table fits the window at common sizes.
mod ui_fit;

/// The log reads in names, never ids, seat numbers or internal names.
mod log_words;

/// Property tests over random Flip Duel matches.
mod flip_duel_props;

/// Property tests over random Stadium Memory games.
mod stadium_memory_props;

/// A golden Stadium Memory playthrough in tests/snapshots/.
mod stadium_memory_golden;

/// The log as each seat reads it never names a card that seat cannot see.
mod log_privacy;

/// Fuzz targets for every loader, and their seed corpus in tests/fuzz/.
mod fuzz;

/// The search bots: determinizers rebuild views; decisions never depend
/// on hidden cards.
mod search;

/// Saves of every table game: checked on load, never a panic.
mod saves;

/// Installing: --version, the desktop entry, completions, the manual, opening a save.
mod install;

/// Hostile files where a person's data is read.
mod hostile_data;

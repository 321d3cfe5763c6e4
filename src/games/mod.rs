//! Every game Touchline plays, one folder each. A game's folder holds all
//! that is that game's: its pure rules engine (`rules/`), its card files'
//! loader, bots, printed-card layout, editor schema, scenarios and table.
//! The generic layers (engine core, bots, layout, render, editor, the app
//! shell and the CLI) work off the registry below.

pub mod booked;
pub mod cardball;
pub mod eleven;

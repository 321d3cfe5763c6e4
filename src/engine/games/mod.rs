//! One folder per game. Each game's `mod.rs` opens with its rules summary,
//! its action list and what each seat may see.

pub mod booked;
pub mod cardball;
pub mod eleven;

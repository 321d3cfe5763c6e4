//! Eleven: the football-manager board game (1-4 players, a season of 6
//! Weeks ending in a Matchday each).
//!
//! This module holds the vocabulary Eleven's cards are written in
//! ([`vocab`]) and the effect ops every card ability is made of
//! ([`effect`]). `cards::eleven` reads the card files into these types.

pub mod effect;
pub mod vocab;

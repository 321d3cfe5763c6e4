//! Cardball in the app: a match at the table ([`session`]), its log
//! ([`narrate`]) and the table screen ([`table`]).

pub mod narrate;
pub mod session;
pub mod table;

pub use session::{CardballSave, CardballSession};
pub use table::{CardballRequest, CardballTable};

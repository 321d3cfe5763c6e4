//! Flip Duel's actions and their readable notation.
//!
//! The notation is what scenario files, logs and error messages use:
//! `aside red-07` (set a card aside for injury time), `lay` (lay the top
//! card of your pack, the official rules) and `play red-07` (lay a chosen
//! card from your hand, the hand house rule).

use super::cards::{CardId, CardSet};
use serde::{Deserialize, Serialize};

/// One decision by one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Set one card of your pack aside for injury time (setup; repeated
    /// until the injury-time count is reached, the choice is secret).
    SetAside {
        /// The card set aside.
        card: CardId,
    },
    /// Lay the top card of your pack, at the same moment as the other
    /// player (official rules: nobody chooses which card).
    Lay,
    /// Lay a card chosen from your hand (house rule: a hand of cards).
    Play {
        /// The card laid.
        card: CardId,
    },
}

impl Action {
    /// The action in readable notation.
    pub fn notation(&self, cards: &CardSet) -> String {
        match self {
            Action::SetAside { card } => format!("aside {}", cards.name(*card)),
            Action::Lay => "lay".into(),
            Action::Play { card } => format!("play {}", cards.name(*card)),
        }
    }

    /// Parses readable notation; the error says what was not understood.
    pub fn parse(text: &str, cards: &CardSet) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some(verb) = words.first() else {
            return Err("empty action".into());
        };
        let card = || -> Result<CardId, String> {
            let w = words
                .get(1)
                .ok_or_else(|| format!("`{text}`: a card id is missing"))?;
            cards
                .find(w)
                .ok_or_else(|| format!("`{text}`: there is no card `{w}`"))
        };
        let (action, len) = match verb.to_ascii_lowercase().as_str() {
            "aside" => (Action::SetAside { card: card()? }, 2),
            "lay" => (Action::Lay, 1),
            "play" => (Action::Play { card: card()? }, 2),
            other => {
                return Err(format!(
                    "`{text}`: unknown action `{other}` (use aside, lay or play)"
                ));
            }
        };
        if let Some(extra) = words.get(len..).filter(|r| !r.is_empty()) {
            return Err(format!("`{text}`: unexpected `{}`", extra.join(" ")));
        }
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back_and_mistakes_are_named() {
        let cards = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        let c = cards.find("blue-07").unwrap_or(0);
        for a in [
            Action::SetAside { card: c },
            Action::Lay,
            Action::Play { card: c },
        ] {
            assert_eq!(Action::parse(&a.notation(&cards), &cards), Ok(a));
        }
        for (text, says) in [
            ("aside", "a card id is missing"),
            ("play green-1", "there is no card `green-1`"),
            ("lay now", "unexpected `now`"),
            ("shoot", "unknown action `shoot`"),
            ("", "empty action"),
        ] {
            let e = Action::parse(text, &cards).err().unwrap_or_default();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}

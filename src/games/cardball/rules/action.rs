//! Cardball's actions and their readable notation.
//!
//! The notation is what scenario files, logs and error messages use:
//! `pick st-poacher-1` (place a card face down; on the half-way line
//! `pick cm-metronome as opp_half` reads the card's `opp_half` effect
//! instead of its printed `halfway` one), `manager the-manager-2`
//! (use a The Manager card from the touchline), `pass` (end your go in the
//! touchline window) and `call boot` (name an icon before the die lands).

use super::cards::{CardId, CardSet, ZoneClass};
use serde::{Deserialize, Serialize};

/// One decision by one manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Name an icon of the die before it lands (only when calls are asked).
    Call {
        /// The icon called (0 or 1, see [`super::Die`]).
        icon: u8,
    },
    /// Use a The Manager card in the touchline window.
    UseManager {
        /// The The Manager card.
        card: CardId,
    },
    /// Use no (more) The Manager cards in this window.
    Pass,
    /// Place a card face down for this round or penalty kick.
    Pick {
        /// The card placed.
        card: CardId,
        /// With the ball on the half-way line: the zone class the card is
        /// read in, `own_half` or `opp_half` (the line is part of both
        /// halves, however a manager chooses to use it); `None` reads the
        /// card's printed `halfway` effect.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reading: Option<ZoneClass>,
    },
}

impl Action {
    /// The action in readable notation.
    pub fn notation(&self, cards: &CardSet) -> String {
        match self {
            Action::Call { icon } => format!("call {}", cards.die.icon(*icon)),
            Action::UseManager { card } => format!("manager {}", cards.name(*card)),
            Action::Pass => "pass".into(),
            Action::Pick {
                card,
                reading: None,
            } => format!("pick {}", cards.name(*card)),
            Action::Pick {
                card,
                reading: Some(z),
            } => format!("pick {} as {}", cards.name(*card), z.key()),
        }
    }

    /// Parses readable notation; the error says what was not understood.
    pub fn parse(text: &str, cards: &CardSet) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let card = || -> Result<CardId, String> {
            let w = words
                .get(1)
                .ok_or_else(|| format!("`{text}`: a card id is missing"))?;
            cards
                .find(w)
                .ok_or_else(|| format!("`{text}`: there is no Manager card `{w}`"))
        };
        let Some(verb) = words.first() else {
            return Err("empty action".into());
        };
        let (action, len) = match verb.to_ascii_lowercase().as_str() {
            "call" => {
                let w = words
                    .get(1)
                    .ok_or_else(|| format!("`{text}`: an icon is missing"))?;
                let icon = cards.die.find_icon(w).ok_or_else(|| {
                    format!(
                        "`{text}`: the die's icons are {} and {}",
                        cards.die.icon(0),
                        cards.die.icon(1)
                    )
                })?;
                (Action::Call { icon }, 2)
            }
            "manager" => (Action::UseManager { card: card()? }, 2),
            "pass" => (Action::Pass, 1),
            "pick" => match (words.get(2), words.get(3)) {
                (Some(w), Some(z)) if w.eq_ignore_ascii_case("as") => {
                    let reading = [ZoneClass::OwnHalf, ZoneClass::OppHalf]
                        .into_iter()
                        .find(|c| c.key().eq_ignore_ascii_case(z))
                        .ok_or_else(|| {
                            format!("`{text}`: the half-way line reads as own_half or opp_half")
                        })?;
                    (
                        Action::Pick {
                            card: card()?,
                            reading: Some(reading),
                        },
                        4,
                    )
                }
                _ => (
                    Action::Pick {
                        card: card()?,
                        reading: None,
                    },
                    2,
                ),
            },
            other => {
                return Err(format!(
                    "`{text}`: unknown action `{other}` (use pick, manager, pass or call)"
                ));
            }
        };
        if words.len() > len {
            return Err(format!("`{text}`: unexpected `{}`", words[len..].join(" ")));
        }
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back_and_mistakes_are_named() {
        let deck = crate::games::cardball::deck::CardballDeck::default_set()
            .unwrap_or_else(|e| panic!("{e}"));
        let cards = deck.card_set();
        let poacher = cards.find("st-poacher-2").unwrap_or(0);
        let manager = cards.find("the-manager-4").unwrap_or(0);
        for a in [
            Action::Pick {
                card: poacher,
                reading: None,
            },
            Action::Pick {
                card: poacher,
                reading: Some(ZoneClass::OppHalf),
            },
            Action::UseManager { card: manager },
            Action::Pass,
            Action::Call { icon: 1 },
        ] {
            assert_eq!(Action::parse(&a.notation(&cards), &cards), Ok(a));
        }
        assert_eq!(
            Action::parse("PICK ST-POACHER-2", &cards),
            Ok(Action::Pick {
                card: poacher,
                reading: None
            })
        );
        for (text, says) in [
            ("pick", "a card id is missing"),
            (
                "pick st-goalhanger",
                "there is no Manager card `st-goalhanger`",
            ),
            ("call coin", "the die's icons are boot and glove"),
            ("pass now", "unexpected `now`"),
            (
                "pick st-poacher-2 as halfway",
                "reads as own_half or opp_half",
            ),
            ("shoot", "unknown action `shoot`"),
            ("", "empty action"),
        ] {
            let e = Action::parse(text, &cards).err().unwrap_or_default();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}

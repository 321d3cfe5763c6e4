//! Booked!'s actions and their readable notation.
//!
//! The notation is what scenario files, logs and error messages use:
//! `draw deck`, `play BRA-9`, `sub supersub-1 as BRA GK`,
//! `ref set_piece-1`, `ref substitution-2 out BRA-5 in BRA-4`,
//! `ref overturned-1 on ARG-4`, `yellow yellow-3 on ARG-4`,
//! `red red-1 on ARG-4`, `tackle BRA-7 on 1`, `respond var_review-1`,
//! `pass`, `call`, `nocall`, `keep BRA-2`, `pickup BRA-4`,
//! `discard BRA-3`, `claim BRA`, `draft BRA-2`.

use super::cards::{CardId, CardSet, Position};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// One decision by one manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Derby night: claim a nation before the deal.
    Claim {
        /// The nation claimed.
        nation: u8,
    },
    /// Squad rotation: put a card aside to pass left (three per manager).
    DraftPass {
        /// The card to pass.
        card: CardId,
    },
    /// Draw the top card of the deck.
    DrawDeck,
    /// Draw the top card of the discard pile.
    DrawDiscard,
    /// Call GOOOAL! on a legal Starting 7.
    CallGoal,
    /// Decline to call for now.
    NoCall,
    /// Play a squad player face up to your pitch.
    PlayPlayer {
        /// The player card.
        card: CardId,
    },
    /// Play a super sub to your pitch, standing in for a nation and slot.
    PlaySuperSub {
        /// The super sub card.
        card: CardId,
        /// The nation it stands in for.
        nation: u8,
        /// The slot it fills.
        position: Position,
    },
    /// Play a (non-instant) referee as your action.
    PlayReferee {
        /// The referee card.
        card: CardId,
        /// What it acts on.
        target: RefTarget,
    },
    /// Book an opponent's pitch player.
    Yellow {
        /// The yellow card.
        card: CardId,
        /// The player booked.
        target: CardId,
    },
    /// Show a red card to an opponent's pitch player.
    Red {
        /// The red card.
        card: CardId,
        /// The player shown the red.
        target: CardId,
    },
    /// Discard a player from hand to tackle an opponent's matching nation.
    Tackle {
        /// The player discarded.
        card: CardId,
        /// The manager tackled.
        victim: Seat,
    },
    /// Play an instant in answer to the card on top of the stack, or in the
    /// GOOOAL! window.
    Respond {
        /// The instant played.
        card: CardId,
    },
    /// Let the card stand / do nothing this step.
    Pass,
    /// SET PIECE: keep this card, the rest go to the bottom.
    Keep {
        /// The card kept.
        card: CardId,
    },
    /// After being tackled: pick up this pitch card.
    PickUp {
        /// The card picked up.
        card: CardId,
    },
    /// Hand limit: discard this card.
    Discard {
        /// The card discarded.
        card: CardId,
    },
}

/// What a referee played as an action acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RefTarget {
    /// Nothing (ADDED TIME, QUICK RESTART, SET PIECE, THE WALL, REVERSE,
    /// FULL-TIME WHISTLE).
    None,
    /// SUBSTITUTION: the pitch card going off and the hand card coming on.
    Swap {
        /// The card leaving your pitch for your hand.
        out: CardId,
        /// The player card coming on from your hand.
        inn: CardId,
    },
    /// OVERTURNED: the booked player whose Yellow is removed.
    Player(CardId),
}

impl Action {
    /// The action in readable notation.
    pub fn notation(&self, cards: &CardSet) -> String {
        let n = |c: &CardId| cards.name(*c).to_string();
        match self {
            Action::Claim { nation } => format!("claim {}", cards.nation_code(*nation)),
            Action::DraftPass { card } => format!("draft {}", n(card)),
            Action::DrawDeck => "draw deck".into(),
            Action::DrawDiscard => "draw discard".into(),
            Action::CallGoal => "call".into(),
            Action::NoCall => "nocall".into(),
            Action::PlayPlayer { card } => format!("play {}", n(card)),
            Action::PlaySuperSub {
                card,
                nation,
                position,
            } => {
                format!(
                    "sub {} as {} {}",
                    n(card),
                    cards.nation_code(*nation),
                    position
                )
            }
            Action::PlayReferee { card, target } => match target {
                RefTarget::None => format!("ref {}", n(card)),
                RefTarget::Swap { out, inn } => {
                    format!("ref {} out {} in {}", n(card), n(out), n(inn))
                }
                RefTarget::Player(p) => format!("ref {} on {}", n(card), n(p)),
            },
            Action::Yellow { card, target } => format!("yellow {} on {}", n(card), n(target)),
            Action::Red { card, target } => format!("red {} on {}", n(card), n(target)),
            Action::Tackle { card, victim } => format!("tackle {} on {}", n(card), victim.0),
            Action::Respond { card } => format!("respond {}", n(card)),
            Action::Pass => "pass".into(),
            Action::Keep { card } => format!("keep {}", n(card)),
            Action::PickUp { card } => format!("pickup {}", n(card)),
            Action::Discard { card } => format!("discard {}", n(card)),
        }
    }

    /// Parses readable notation; the error says what was not understood.
    pub fn parse(text: &str, cards: &CardSet) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let card = |i: usize| -> Result<CardId, String> {
            let w = words
                .get(i)
                .ok_or_else(|| format!("`{text}`: a card id is missing"))?;
            cards
                .find(w)
                .ok_or_else(|| format!("`{text}`: there is no card `{w}`"))
        };
        let keyword = |i: usize, k: &str| -> Result<(), String> {
            match words.get(i) {
                Some(w) if w.eq_ignore_ascii_case(k) => Ok(()),
                _ => Err(format!("`{text}`: expected `{k}` as word {}", i + 1)),
            }
        };
        let end = |i: usize, a: Action| -> Result<Action, String> {
            if words.len() > i {
                Err(format!("`{text}`: unexpected `{}`", words[i..].join(" ")))
            } else {
                Ok(a)
            }
        };
        let Some(verb) = words.first() else {
            return Err("empty action".into());
        };
        match verb.to_ascii_lowercase().as_str() {
            "claim" => {
                let code = words.get(1).ok_or("`claim` needs a nation code")?;
                let nation = cards
                    .find_nation(code)
                    .ok_or_else(|| format!("`{text}`: no nation `{code}`"))?;
                end(2, Action::Claim { nation })
            }
            "draft" => end(2, Action::DraftPass { card: card(1)? }),
            "draw" => match words.get(1).map(|w| w.to_ascii_lowercase()) {
                Some(w) if w == "deck" => end(2, Action::DrawDeck),
                Some(w) if w == "discard" => end(2, Action::DrawDiscard),
                _ => Err(format!("`{text}`: say `draw deck` or `draw discard`")),
            },
            "call" => end(1, Action::CallGoal),
            "nocall" => end(1, Action::NoCall),
            "play" => end(2, Action::PlayPlayer { card: card(1)? }),
            "sub" => {
                let c = card(1)?;
                keyword(2, "as")?;
                let code = words
                    .get(3)
                    .ok_or_else(|| format!("`{text}`: a nation is missing"))?;
                let nation = cards
                    .find_nation(code)
                    .ok_or_else(|| format!("`{text}`: no nation `{code}`"))?;
                let pos = words.get(4).and_then(|p| Position::parse(p));
                let position =
                    pos.ok_or_else(|| format!("`{text}`: the slot must be GK, DEF, MID or FWD"))?;
                end(
                    5,
                    Action::PlaySuperSub {
                        card: c,
                        nation,
                        position,
                    },
                )
            }
            "ref" => {
                let c = card(1)?;
                match words.get(2).map(|w| w.to_ascii_lowercase()) {
                    None => end(
                        2,
                        Action::PlayReferee {
                            card: c,
                            target: RefTarget::None,
                        },
                    ),
                    Some(w) if w == "on" => end(
                        4,
                        Action::PlayReferee {
                            card: c,
                            target: RefTarget::Player(card(3)?),
                        },
                    ),
                    Some(w) if w == "out" => {
                        let out = card(3)?;
                        keyword(4, "in")?;
                        let inn = card(5)?;
                        end(
                            6,
                            Action::PlayReferee {
                                card: c,
                                target: RefTarget::Swap { out, inn },
                            },
                        )
                    }
                    Some(w) => Err(format!("`{text}`: expected `on` or `out`, found `{w}`")),
                }
            }
            "yellow" | "red" => {
                let c = card(1)?;
                keyword(2, "on")?;
                let target = card(3)?;
                let a = if verb.eq_ignore_ascii_case("yellow") {
                    Action::Yellow { card: c, target }
                } else {
                    Action::Red { card: c, target }
                };
                end(4, a)
            }
            "tackle" => {
                let c = card(1)?;
                keyword(2, "on")?;
                let seat = words
                    .get(3)
                    .and_then(|w| w.trim_start_matches('@').parse::<u8>().ok())
                    .ok_or_else(|| format!("`{text}`: the tackled seat must be a number"))?;
                end(
                    4,
                    Action::Tackle {
                        card: c,
                        victim: Seat(seat),
                    },
                )
            }
            "respond" => end(2, Action::Respond { card: card(1)? }),
            "pass" => end(1, Action::Pass),
            "keep" => end(2, Action::Keep { card: card(1)? }),
            "pickup" => end(2, Action::PickUp { card: card(1)? }),
            "discard" => end(2, Action::Discard { card: card(1)? }),
            other => Err(format!("`{text}`: unknown action `{other}`")),
        }
    }
}

//! What happened in a Booked! match, for logs, animations and replays.

use super::cards::{CardId, CardSet};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// Where a drawn card came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pile {
    /// The face-down deck.
    Deck,
    /// The face-up discard pile.
    Discard,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Derby night: a nation was claimed.
    Claimed { seat: Seat, nation: u8 },
    /// Cards were dealt.
    Dealt { seat: Seat, count: u8 },
    /// Squad rotation: every manager passed three cards left.
    DraftPassed,
    /// The setup flip buried a referee or discipline card at the bottom of the deck.
    Buried { card: CardId },
    /// The setup flip started the discard pile.
    Flipped { card: CardId },
    /// A manager's turn began.
    TurnStarted { seat: Seat },
    /// A manager missed their turn (FULL-TIME WHISTLE).
    TurnSkipped { seat: Seat },
    /// A manager drew a card (hidden from others when it came from the deck).
    Drew {
        seat: Seat,
        from: Pile,
        card: CardId,
    },
    /// A card was played and awaits answers.
    Played {
        seat: Seat,
        card: CardId,
        action: String,
    },
    /// An instant was played in answer to a card.
    Responded {
        seat: Seat,
        card: CardId,
        to: Option<CardId>,
    },
    /// A card was cancelled (VAR REVIEW) or negated (PLAY ON) and had no effect.
    Cancelled { card: CardId, by: CardId },
    /// A player card went back to its owner's hand (OFFSIDE!).
    Offside { seat: Seat, card: CardId },
    /// A card went onto a pitch.
    Placed { seat: Seat, card: CardId },
    /// A player was booked.
    Booked { seat: Seat, card: CardId },
    /// A player was sent off (second yellow or red) and discarded with their cards.
    SentOff { seat: Seat, card: CardId },
    /// A red card on a clean player bounced.
    Bounced { card: CardId },
    /// The captain's armband turned a Yellow away.
    Armband { seat: Seat, card: CardId },
    /// A tackle hit a nation on a pitch.
    Tackled {
        by: Seat,
        victim: Seat,
        nation: u8,
        cards: u8,
    },
    /// A pitch card went back to its owner's hand.
    PickedUp { seat: Seat, card: CardId },
    /// A Yellow was removed (OVERTURNED).
    YellowRemoved { seat: Seat, card: CardId },
    /// SUBSTITUTION swapped a pitch card with a hand card.
    Substituted {
        seat: Seat,
        out: CardId,
        inn: CardId,
    },
    /// ADDED TIME: an extra turn is due.
    ExtraTurn { seat: Seat },
    /// REVERSE: the direction of play changed.
    Reversed { clockwise: bool },
    /// FULL-TIME WHISTLE: a manager will miss their next turn.
    WillMissTurn { seat: Seat },
    /// THE WALL went up.
    WallUp { seat: Seat },
    /// SET PIECE: the manager kept one card and put the rest at the bottom.
    SetPiece {
        seat: Seat,
        kept: CardId,
        to_bottom: u8,
    },
    /// A card was discarded from hand.
    Discarded { seat: Seat, card: CardId },
    /// The deck ran dry and was rebuilt from the discard pile.
    Reshuffled { cards: u16 },
    /// A manager called GOOOAL!.
    GoalCalled { seat: Seat, nation: u8 },
    /// The GOOOAL! window closed.
    WindowClosed { caller: Seat, still_legal: bool },
    /// Penalties: the total rating on each pitch.
    Penalties { totals: Vec<u32> },
    /// The match ended.
    MatchWon { winners: Vec<Seat>, ending: String },
}

impl Event {
    /// The event as `seat` may see it: cards drawn from the deck or kept
    /// from a SET PIECE by another manager are hidden (`None`).
    pub fn visible_to(&self, seat: Seat) -> Option<Event> {
        match self {
            Event::Drew {
                seat: s,
                from: Pile::Deck,
                ..
            } if *s != seat => None,
            Event::SetPiece { seat: s, .. } if *s != seat => None,
            e => Some(e.clone()),
        }
    }

    /// A one-line description with card ids (front ends use their own
    /// wording with full names).
    pub fn describe(&self, cards: &CardSet) -> String {
        let n = |c: &CardId| cards.name(*c).to_string();
        let nat = |x: &u8| cards.nation_code(*x).to_string();
        match self {
            Event::Claimed { seat, nation } => format!("{seat} claims {}", nat(nation)),
            Event::Dealt { seat, count } => format!("{seat} is dealt {count}"),
            Event::DraftPassed => "everyone passes three cards left".into(),
            Event::Buried { card } => format!("{} is buried", n(card)),
            Event::Flipped { card } => format!("{} starts the discard pile", n(card)),
            Event::TurnStarted { seat } => format!("{seat}'s turn"),
            Event::TurnSkipped { seat } => format!("{seat} misses the turn"),
            Event::Drew { seat, from, card } => {
                let pile = match from {
                    Pile::Deck => "deck",
                    Pile::Discard => "discard pile",
                };
                format!("{seat} draws {} from the {pile}", n(card))
            }
            Event::Played { seat, action, .. } => format!("{seat}: {action}"),
            Event::Responded { seat, card, to } => match to {
                Some(t) => format!("{seat} answers {} with {}", n(t), n(card)),
                None => format!("{seat} plays {}", n(card)),
            },
            Event::Cancelled { card, by } => format!("{} is cancelled by {}", n(card), n(by)),
            Event::Offside { seat, card } => {
                format!("{} is offside and returns to {seat}'s hand", n(card))
            }
            Event::Placed { seat, card } => format!("{} joins {seat}'s pitch", n(card)),
            Event::Booked { seat, card } => format!("{} ({seat}) is booked", n(card)),
            Event::SentOff { seat, card } => format!("{} ({seat}) is sent off", n(card)),
            Event::Bounced { card } => format!("{} bounces", n(card)),
            Event::Armband { seat, card } => {
                format!("{}'s armband ({seat}) turns the yellow away", n(card))
            }
            Event::Tackled {
                by,
                victim,
                nation,
                cards: k,
            } => {
                format!("{by} tackles {victim}'s {} ({k} back to hand)", nat(nation))
            }
            Event::PickedUp { seat, card } => format!("{seat} picks up {}", n(card)),
            Event::YellowRemoved { seat, card } => {
                format!("{}'s yellow ({seat}) is overturned", n(card))
            }
            Event::Substituted { seat, out, inn } => {
                format!("{seat} swaps {} for {}", n(out), n(inn))
            }
            Event::ExtraTurn { seat } => format!("{seat} gets added time"),
            Event::Reversed { clockwise } => {
                format!(
                    "play now passes {}",
                    if *clockwise { "left" } else { "right" }
                )
            }
            Event::WillMissTurn { seat } => format!("{seat} will miss the next turn"),
            Event::WallUp { seat } => format!("{seat} puts up the wall"),
            Event::SetPiece {
                seat,
                kept,
                to_bottom,
            } => {
                format!(
                    "{seat} keeps {} and puts {to_bottom} at the bottom",
                    n(kept)
                )
            }
            Event::Discarded { seat, card } => format!("{seat} discards {}", n(card)),
            Event::Reshuffled { cards } => format!("the deck runs dry: {cards} cards reshuffled"),
            Event::GoalCalled { seat, nation } => {
                format!("{seat} calls GOOOAL! with {}", nat(nation))
            }
            Event::WindowClosed {
                caller,
                still_legal,
            } => {
                if *still_legal {
                    format!("the window closes: {caller}'s 7 stands")
                } else {
                    format!("the window closes: {caller}'s 7 is broken")
                }
            }
            Event::Penalties { totals } => format!("penalties: pitch ratings {totals:?}"),
            Event::MatchWon { winners, ending } => {
                let w: Vec<String> = winners.iter().map(|s| s.to_string()).collect();
                format!("{} wins ({ending})", w.join(" and "))
            }
        }
    }
}

//! What happened in a Cardball match, for logs, animations and replays.
//!
//! Events are the referee's record, not a seat's view: a bench draw or a
//! replacement names the card drawn, which only its manager may see. A front
//! end shows those to their own seat only.

use super::cards::{ActionId, CardId, CardSet, Plain, ZoneClass};
use super::{Period, RollFor, RoundResult, Side};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Cards were dealt for a period of play.
    Dealt {
        /// The period starting.
        period: Period,
    },
    /// A side called an icon.
    Called {
        /// Who called.
        side: Side,
        /// The icon.
        icon: u8,
    },
    /// The die was rolled.
    Rolled {
        /// What the roll decides.
        purpose: RollFor,
        /// Who rolled.
        roller: Side,
        /// The icon the caller named.
        call: u8,
        /// The face shown (1-6).
        face: u8,
        /// Who won the roll.
        winner: Side,
    },
    /// A side has the ball at the half-way line to start play.
    KickOff {
        /// Who has the ball.
        side: Side,
    },
    /// A manager used no more The Manager cards this window.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// A manager used a The Manager card and drew an Action card.
    UsedManager {
        /// Who used it.
        seat: Seat,
        /// The The Manager card.
        card: CardId,
        /// The Action card drawn.
        action: ActionId,
    },
    /// An Action outcome took effect.
    ActionResolved {
        /// The user's side.
        user: Side,
        /// What happened.
        outcome: Plain,
    },
    /// A manager drew a replacement for a The Manager card (secret).
    Replaced {
        /// Who drew.
        seat: Seat,
        /// The card drawn, or none when the draw pile was empty.
        card: Option<CardId>,
    },
    /// A manager placed a card face down.
    Picked {
        /// Who picked.
        seat: Seat,
    },
    /// Both cards of a round were revealed.
    Revealed {
        /// The attacking manager.
        attacker: Seat,
        /// The attacking card.
        attack: CardId,
        /// The defending manager.
        defender: Seat,
        /// The defending card.
        defend: CardId,
        /// The zone class the round is played in.
        class: ZoneClass,
    },
    /// A revealed card was read as this half on the half-way line.
    ReadsHalfway {
        /// The manager who chose.
        seat: Seat,
        /// `own_half` or `opp_half`, counted from the attacker's goal.
        class: ZoneClass,
        /// Whose Midfield that is.
        half: Side,
    },
    /// A round was decided.
    RoundWon {
        /// Who won it.
        side: Side,
        /// How it was decided.
        result: RoundResult,
    },
    /// The ball moved.
    BallMoved {
        /// From zone index.
        from: u8,
        /// To zone index.
        to: u8,
    },
    /// Possession changed.
    Possession {
        /// The side that now has the ball.
        side: Side,
    },
    /// A goal.
    Goal {
        /// The scorer.
        side: Side,
        /// The score after it, left then right.
        score: [u32; 2],
    },
    /// A manager took the top card of their bench (secret).
    BenchDraw {
        /// Who drew.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A period of play ended with both hands played out.
    FullTime {
        /// The period that ended.
        period: Period,
        /// The score, left then right.
        score: [u32; 2],
    },
    /// A penalty was taken.
    Kick {
        /// The shooter.
        shooter: Side,
        /// The shooter's card.
        shot: CardId,
        /// The saver's card.
        save: CardId,
        /// Whether it went in (`None` while the die decides).
        scored: Option<bool>,
    },
    /// The shoot-out went to sudden death.
    SuddenDeath,
    /// A The Manager card dealt or drawn in the shoot-out was put aside.
    PutAside {
        /// The card.
        card: CardId,
    },
    /// The match ended.
    Over {
        /// The winners (none for a draw).
        winners: Vec<Seat>,
        /// How it ended.
        ending: String,
    },
}

impl Event {
    /// The one seat that may see this event in full, for the events that
    /// name a card drawn face down (a bench draw, a replacement); `None`
    /// when every seat may see all of it.
    pub fn secret_to(&self) -> Option<Seat> {
        match self {
            Event::BenchDraw { seat, .. }
            | Event::Replaced {
                seat,
                card: Some(_),
            } => Some(*seat),
            _ => None,
        }
    }

    /// A one-line readable description (used by scenario logs).
    pub fn describe(&self, cards: &CardSet) -> String {
        let n = |c: &CardId| cards.name(*c).to_string();
        match self {
            Event::Dealt { period } => format!("cards are dealt for the {}", period.key()),
            Event::Called { side, icon } => format!("{side} calls {}", cards.die.icon(*icon)),
            Event::Rolled {
                purpose,
                roller,
                call,
                face,
                winner,
            } => format!(
                "{roller} rolls for the {} ({} called): {} (face {face}), {winner} wins the roll",
                purpose.key(),
                cards.die.icon(*call),
                cards.die.icon(cards.die.face_icon(*face)),
            ),
            Event::KickOff { side } => format!("{side} kicks off"),
            Event::Passed { seat } => format!("{seat} passes"),
            Event::UsedManager { seat, card, action } => {
                let outcome = cards
                    .action(*action)
                    .map_or(String::new(), |a| a.outcome.to_string());
                format!(
                    "{seat} uses {} and draws {} ({outcome})",
                    n(card),
                    cards.action_name(*action)
                )
            }
            Event::ActionResolved { user, outcome } => format!("action for {user}: {outcome}"),
            Event::Replaced { seat, card } => match card {
                Some(c) => format!("{seat} draws {} as a replacement", n(c)),
                None => format!("{seat} gets no replacement: the draw pile is empty"),
            },
            Event::Picked { seat } => format!("{seat} picks a card"),
            Event::Revealed {
                attacker,
                attack,
                defender,
                defend,
                class,
            } => format!(
                "{attacker} attacks with {} against {defender}'s {} in {}",
                n(attack),
                n(defend),
                class.key()
            ),
            Event::ReadsHalfway { seat, class, half } => {
                format!(
                    "{seat} uses the half-way line as {}, {half}'s half",
                    class.key()
                )
            }
            Event::RoundWon { side, result } => format!("{side} wins the round ({})", result.key()),
            Event::BallMoved { from, to } => format!("the ball moves from {from} to {to}"),
            Event::Possession { side } => format!("{side} takes the ball"),
            Event::Goal { side, score } => {
                format!("GOOAAALL!!! {side} scores ({}-{})", score[0], score[1])
            }
            Event::BenchDraw { seat, card } => format!("{seat} takes {} from the bench", n(card)),
            Event::FullTime { period, score } => {
                format!("the {} is over at {}-{}", period.key(), score[0], score[1])
            }
            Event::Kick {
                shooter,
                shot,
                save,
                scored,
            } => format!(
                "penalty: {shooter} shoots with {} against {}: {}",
                n(shot),
                n(save),
                match scored {
                    Some(true) => "scored",
                    Some(false) => "saved",
                    None => "the die decides",
                }
            ),
            Event::SuddenDeath => "the shoot-out goes to sudden death".into(),
            Event::PutAside { card } => format!("{} is put aside", n(card)),
            Event::Over { winners, ending } => {
                if winners.is_empty() {
                    format!("the match ends in a draw ({ending})")
                } else {
                    let w: Vec<String> = winners.iter().map(ToString::to_string).collect();
                    format!("{} win(s) ({ending})", w.join(" and "))
                }
            }
        }
    }
}

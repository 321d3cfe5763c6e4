//! What happened in a Flip Duel match, for logs, animations and replays.
//!
//! Events are the referee's record, not a seat's view: setting a card aside
//! names the card, which only its owner may see. [`Event::describe`]
//! narrates an event for one viewer in plain English with the team names,
//! and never names a card that viewer may not see.

use super::cards::{CardId, CardSet, Mark};
use super::state::{LayResult, Period, Play, ShotFrom};
use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A player set a card aside for injury time (secret to that player).
    SetAside {
        /// Who set it aside.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A player has chosen all their injury-time cards.
    ChoiceMade {
        /// Who.
        seat: Seat,
    },
    /// A player shuffled their pack.
    Shuffled {
        /// Who.
        seat: Seat,
    },
    /// A half started.
    KickOff {
        /// The half.
        period: Period,
        /// Who attacks first.
        attacker: Seat,
    },
    /// A player laid a card face down.
    Laid {
        /// Who.
        seat: Seat,
    },
    /// Both cards were turned over and read.
    Revealed {
        /// The attacking player.
        attacker: Seat,
        /// The card laid attack side up.
        attack: CardId,
        /// The card laid defence side up.
        defend: CardId,
        /// What the cards were read for.
        play: Play,
        /// The ball's section (0-4).
        section: u8,
        /// What the defence side shows there.
        mark: Mark,
    },
    /// What the pair of cards meant.
    Result {
        /// The attacking player.
        attacker: Seat,
        /// The result.
        result: LayResult,
    },
    /// A goal.
    Goal {
        /// The scorer.
        seat: Seat,
        /// The score after it, seat 0 first.
        score: [u32; 2],
    },
    /// The packs were flipped: `attacker` attacks now.
    Flipped {
        /// The new attacker.
        attacker: Seat,
    },
    /// Half time.
    HalfTime {
        /// The score, seat 0 first.
        score: [u32; 2],
    },
    /// Normal time is over; the assistant referee holds up the injury time.
    InjuryTime {
        /// The last defending card of normal time.
        card: CardId,
        /// The number on it.
        number: u8,
        /// Injury-time cards each player will lay.
        lays: u8,
    },
    /// The final whistle.
    FullTime {
        /// The score, seat 0 first.
        score: [u32; 2],
    },
    /// The match ended.
    Over {
        /// The winners (none for a draw).
        winners: Vec<Seat>,
        /// How it ended (`win` or `draw`).
        ending: String,
    },
}

impl Event {
    /// The one seat that may see this event in full (setting a card aside);
    /// `None` when every seat may see all of it.
    pub fn secret_to(&self) -> Option<Seat> {
        match self {
            Event::SetAside { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// The event in plain English for `viewer` (`None`: a spectator, who
    /// sees only what is public). `None` when there is nothing this viewer
    /// may be told.
    pub fn describe(&self, cards: &CardSet, viewer: Option<Seat>) -> Option<String> {
        let team = |s: &Seat| cards.team_name(s.0).to_string();
        let other = |s: &Seat| cards.team_name(1 - s.0.min(1)).to_string();
        let score = |s: &[u32; 2]| {
            format!(
                "{} {}-{} {}",
                cards.team_name(0),
                s[0],
                s[1],
                cards.team_name(1)
            )
        };
        Some(match self {
            Event::SetAside { seat, card } => {
                if viewer != Some(*seat) {
                    return None;
                }
                format!(
                    "{} sets {} aside for injury time",
                    team(seat),
                    cards.label(*card)
                )
            }
            Event::ChoiceMade { seat } => {
                format!("{} has chosen the injury-time cards", team(seat))
            }
            Event::Shuffled { seat } => format!("{} shuffles the pack", team(seat)),
            Event::KickOff { period, attacker } => format!(
                "{}: {} attack first",
                match period {
                    Period::SecondHalf => "second half",
                    _ => "kick-off",
                },
                team(attacker)
            ),
            Event::Laid { seat } => format!("{} lays a card", team(seat)),
            Event::Revealed {
                attacker,
                attack,
                defend,
                play,
                section,
                mark,
            } => {
                let area = play.area();
                let what = match play {
                    Play::Open { .. } => "attack".to_string(),
                    Play::Shot { from } => format!("shoot after {}", from.describe()),
                    Play::Penalty => "take a penalty".to_string(),
                    Play::FreeKick => "take a free kick".to_string(),
                };
                format!(
                    "{} {what} with {}: the ball is in section {} of the {}; {}'s {} shows {} there",
                    team(attacker),
                    cards.label(*attack),
                    section + 1,
                    area.attack_name(),
                    other(attacker),
                    cards.label(*defend),
                    mark.describe()
                )
            }
            Event::Result { attacker, result } => {
                let t = team(attacker);
                let o = other(attacker);
                match result {
                    LayResult::Tackled => format!("{o} tackle: the attack is over"),
                    LayResult::Offside => format!("{t} are caught offside"),
                    LayResult::FreeKickWon => format!("foul! {t} get a free kick"),
                    LayResult::LongBall => format!("long ball! {t}'s next card is a shot"),
                    LayResult::Through { run } => {
                        if *run >= super::state::RUN_FOR_SHOT {
                            format!("{t} get through: {run} in a row, a shot on goal")
                        } else {
                            format!("{t} get through ({run} in a row)")
                        }
                    }
                    LayResult::Goal => format!("GOAL for {t}!"),
                    LayResult::Saved => format!("{o}'s goalkeeper saves"),
                    LayResult::Blocked => format!("{o} block it"),
                    LayResult::Missed => format!("{t} miss the target"),
                    LayResult::Post => format!("{t} hit the post or the crossbar"),
                    LayResult::PenaltyWon => format!("foul in the box! penalty to {t}"),
                    LayResult::Rebound => format!("a rebound: {t} shoot again"),
                    LayResult::Corner => format!("corner to {t}: another shot"),
                }
            }
            Event::Goal { seat, score: s } => {
                format!("{} score: {}", team(seat), score(s))
            }
            Event::Flipped { attacker } => {
                format!("the packs flip: {} attack", team(attacker))
            }
            Event::HalfTime { score: s } => format!(
                "half time, {}: the packs are re-sorted and shuffled",
                score(s)
            ),
            Event::InjuryTime { card, number, lays } => {
                if *lays == 0 {
                    format!(
                        "the assistant referee on {} holds up {number}: no injury time",
                        cards.label(*card)
                    )
                } else {
                    format!(
                        "the assistant referee on {} holds up {number}: {lays} injury-time card{}",
                        cards.label(*card),
                        if *lays == 1 { "" } else { "s" }
                    )
                }
            }
            Event::FullTime { score: s } => format!("full time: {}", score(s)),
            Event::Over { winners, .. } => match winners.first() {
                Some(w) => format!("{} win the match", team(w)),
                None => "the match is drawn".to_string(),
            },
        })
    }
}

impl ShotFrom {
    /// A readable name for logs.
    pub fn describe(self) -> &'static str {
        match self {
            ShotFrom::ThreeInARow => "three in a row",
            ShotFrom::LongBall => "a long ball",
            ShotFrom::Rebound => "a rebound",
            ShotFrom::Corner => "a corner",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_owner_hears_which_card_is_set_aside() {
        let cards = CardSet::default_set().unwrap_or_else(|e| panic!("{e}"));
        let e = Event::SetAside {
            seat: Seat(1),
            card: 60,
        };
        assert_eq!(e.secret_to(), Some(Seat(1)));
        assert_eq!(e.describe(&cards, Some(Seat(0))), None);
        assert_eq!(e.describe(&cards, None), None);
        let own = e.describe(&cards, Some(Seat(1))).unwrap_or_default();
        assert!(
            own.starts_with("Blue sets") && own.contains("blue-08"),
            "{own}"
        );
        let g = Event::Goal {
            seat: Seat(0),
            score: [2, 1],
        };
        assert_eq!(
            g.describe(&cards, None).as_deref(),
            Some("Red score: Red 2-1 Blue")
        );
    }
}

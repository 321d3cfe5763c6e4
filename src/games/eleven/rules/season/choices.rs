//! The choices an effect will ask of a manager, listed before it resolves
//! so that a table can show them: each with its answers in words and the
//! answer the engine takes when none is given (the defaults of
//! [`super::ops`]). The answers go, in order, into the `picks` of
//! [`super::Action::AcceptBoard`], [`super::Action::CardAction`] and
//! [`super::Action::HireStaffWith`].
//!
//! The list follows the effect as the club stands now. It stops at the
//! first choice whose answer decides which choices come next (`choose`,
//! `may`, a die that may be rerolled, a Staff card's Bonus, a second
//! Training) and at an op it
//! does not describe; the choices after it take their defaults.

use super::action::CardRef;
use super::ops::{BUILDABLE, Grant};
use super::state::{MARKET_FROM, ROW, Season};
use crate::games::eleven::effect::{BasicAction, Effect, EffectBlock, Market, Target};
use crate::games::eleven::vocab::{Colour, Contract, Resource, Side, Timing, Token};

/// One choice of an effect, in the order `picks` answer them.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EffectChoice {
    /// The question, in words.
    pub question: String,
    /// The answers: the pick and its words.
    pub options: Vec<(u8, String)>,
    /// The pick the engine takes when none is given.
    pub default: u8,
    /// The card each answer names, by id, in the order of `options`,
    /// when the answers are cards just drawn (empty otherwise): a table
    /// shows their faces, a bot weighs them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<String>,
}

/// The four Resources (and Stat tracks) in pick order.
const FOUR: [&str; 4] = ["Cash", "Fan Base", "Operation", "Fitness"];

/// A choice among the four Resources (or Stat tracks), Cash the default.
pub(crate) fn four_choice(question: &str) -> EffectChoice {
    EffectChoice {
        question: question.to_string(),
        options: FOUR
            .iter()
            .enumerate()
            .map(|(k, n)| (k as u8, (*n).to_string()))
            .collect(),
        default: 0,
        cards: Vec::new(),
    }
}

impl Season {
    /// The choices club `c`'s Board Meeting decision asks now (its Bonus
    /// blocks whose condition holds), in pick order.
    pub fn board_choices(&self, c: usize) -> Vec<EffectChoice> {
        let Some(b) = self.clubs.get(c).and_then(|club| club.board.as_ref()) else {
            return Vec::new();
        };
        let Some(card) = self.config.decks.board_meetings.get(b.card) else {
            return Vec::new();
        };
        let blocks = match b.decision {
            Colour::Yellow => &card.yellow,
            Colour::Blue => &card.blue,
            _ => &card.red,
        };
        self.bonus_choices(c, blocks)
    }

    /// The choices of the Bonus blocks among `blocks` whose condition
    /// holds for club `c` now, in pick order.
    fn bonus_choices(&self, c: usize, blocks: &[EffectBlock]) -> Vec<EffectChoice> {
        let mut out = Vec::new();
        for block in blocks {
            if block.timing != Timing::Bonus {
                continue;
            }
            if block.condition.as_ref().is_some_and(|k| !self.holds(c, k)) {
                continue;
            }
            if !self.list_choices(c, &block.effects, &mut out) {
                break;
            }
        }
        out
    }

    /// The choices the Bonus of the Staff card in Staff row `slot` asks of
    /// club `c` once hired as the Day's Basic action, in pick order: its
    /// blocks as the club will stand with the card paid for and taken
    /// (empty when the hire is not legal or the Bonus asks nothing).
    pub fn staff_bonus_choices(&self, c: usize, slot: usize) -> Vec<EffectChoice> {
        let mut after = self.clone();
        let Ok(Some(card)) = after.take_staff(c, slot, &Grant::BASIC, &mut Vec::new()) else {
            return Vec::new();
        };
        let decks = after.config.decks.clone();
        decks
            .staff
            .get(card)
            .map(|s| after.bonus_choices(c, &s.abilities))
            .unwrap_or_default()
    }

    /// The choices contracting the Sponsor in `slot` asks of club `c`,
    /// in pick order: the blocks of the contract (Kit: and the Bonus;
    /// Adboard: the effects or, with `bonus`, the Bonus) whose condition
    /// holds now; empty when the contract is not legal.
    pub fn contract_choices(
        &self,
        c: usize,
        slot: usize,
        contract: Contract,
        bonus: bool,
    ) -> Vec<EffectChoice> {
        if self
            .check_contract(c, slot, contract, &Grant::BASIC)
            .is_err()
        {
            return Vec::new();
        }
        let decks = &self.config.decks;
        let Some(s) = self
            .area
            .sponsors
            .get(slot)
            .copied()
            .flatten()
            .and_then(|k| decks.sponsors.get(k))
        else {
            return Vec::new();
        };
        let blocks: Vec<EffectBlock> = match contract {
            Contract::OneOff => s.front.one_off.clone(),
            Contract::Adboard if bonus => s.front.bonus.clone(),
            Contract::Adboard => s.front.adboard.clone(),
            Contract::Kit => [s.front.kit.clone(), s.front.bonus.clone()].concat(),
        };
        self.bonus_choices(c, &blocks)
    }

    /// The choices the action of club `c`'s `card` asks, in pick order
    /// (empty for a card without an action).
    pub fn card_action_choices(&self, c: usize, card: CardRef) -> Vec<EffectChoice> {
        let Some(club) = self.clubs.get(c) else {
            return Vec::new();
        };
        let decks = &self.config.decks;
        let abilities = match card {
            CardRef::Staff(i) => club
                .staff
                .get(i)
                .and_then(|o| decks.staff.get(o.card))
                .map(|s| &s.abilities),
            CardRef::Director(i) => club
                .directors
                .get(i)
                .and_then(|o| decks.directors.get(o.card))
                .map(|d| &d.abilities),
        };
        let Some(block) = abilities.and_then(|a| a.iter().find(|b| b.timing == Timing::Action))
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.list_choices(c, &block.effects, &mut out);
        out
    }

    /// The choices `effects` ask of club `c`, appended to `out`; false
    /// when the list stops (see the module docs).
    pub fn list_choices(&self, c: usize, effects: &[Effect], out: &mut Vec<EffectChoice>) -> bool {
        for e in effects {
            if !self.op_choices(c, e, out) {
                return false;
            }
        }
        true
    }

    /// The first choice op `e` asks of club `c` now (no answers when it
    /// asks nothing).
    pub(crate) fn first_choice(&self, c: usize, e: &Effect) -> EffectChoice {
        let mut out = Vec::new();
        self.op_choices(c, e, &mut out);
        out.into_iter().next().unwrap_or_default()
    }

    fn op_choices(&self, c: usize, e: &Effect, out: &mut Vec<EffectChoice>) -> bool {
        let four = || {
            FOUR.iter()
                .enumerate()
                .map(|(k, n)| (k as u8, (*n).to_string()))
                .collect::<Vec<_>>()
        };
        match e {
            Effect::Gain {
                resource: Resource::Any,
                amount,
                per,
                max,
            } => {
                let units = per.as_ref().map_or(1, |q| self.quantity(c, q).max(0));
                let mut n = i32::from(*amount) * units;
                if let Some(m) = max {
                    n = n.min(i32::from(*m));
                }
                for k in 0..n.max(0) {
                    out.push(EffectChoice {
                        question: format!("Gain which Resource ({} of {n})?", k + 1),
                        options: four(),
                        default: 0,
                        cards: Vec::new(),
                    });
                }
                true
            }
            Effect::MoveStat {
                stat: crate::games::eleven::vocab::Stat::Any,
                by,
            } => {
                out.push(EffectChoice {
                    question: format!("Move which Stat marker ({by:+})?"),
                    options: four(),
                    default: 0,
                    cards: Vec::new(),
                });
                true
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let branch = if self.holds(c, condition) {
                    then
                } else {
                    otherwise
                };
                self.list_choices(c, branch, out)
            }
            Effect::Choose { options } => {
                out.push(EffectChoice {
                    question: "Choose one".into(),
                    options: options
                        .iter()
                        .enumerate()
                        .map(|(k, o)| {
                            let words: Vec<String> =
                                o.effects.iter().map(Effect::describe).collect();
                            (k as u8, words.join(" "))
                        })
                        .collect(),
                    default: 0,
                    cards: Vec::new(),
                });
                false
            }
            Effect::May { then, cost } => {
                let affordable = cost.iter().all(|(r, n)| self.has(c, *r, u32::from(*n)));
                let words: Vec<String> = then.iter().map(Effect::describe).collect();
                let price: Vec<String> = cost
                    .iter()
                    .map(|(r, n)| format!("{n} {}", r.title()))
                    .collect();
                let question = if price.is_empty() {
                    format!("You may: {}", words.join(" "))
                } else {
                    format!("You may pay {}: {}", price.join(", "), words.join(" "))
                };
                out.push(EffectChoice {
                    question,
                    options: vec![(1, "Yes".into()), (0, "No".into())],
                    default: u8::from(affordable),
                    cards: Vec::new(),
                });
                false
            }
            // A season that asks asks after each failed roll.
            Effect::RollDie { .. } if self.config.ask => false,
            Effect::RollDie { .. } => {
                let fans = self.clubs.get(c).map_or(0, |club| club.res[1]).min(5) as u8;
                out.push(EffectChoice {
                    question: "Fan Base to spend rerolling the die while it fails".into(),
                    options: (0..=fans).map(|n| (n, n.to_string())).collect(),
                    default: 0,
                    cards: Vec::new(),
                });
                false
            }
            Effect::BasicAction {
                action,
                from,
                discount,
                free,
                infrastructure,
                contract,
            } => {
                let grant = Grant::of(*from, *discount, *free);
                let first = if grant.from == Market::Display {
                    0
                } else {
                    MARKET_FROM
                };
                let decks = &self.config.decks;
                match action {
                    BasicAction::HirePlayer => {
                        let options: Vec<(u8, String)> = (first..ROW)
                            .rev()
                            .filter(|&s| self.check_hire_player(c, s, &grant).is_ok())
                            .filter_map(|s| {
                                let card = self.area.players.get(s).copied().flatten()?;
                                let p = decks.players.get(card)?;
                                Some((s as u8, p.side(Side::Untrained).name.clone()))
                            })
                            .collect();
                        slot_choice(out, "Hire which Player?", options)
                    }
                    BasicAction::HireStaff => {
                        let options: Vec<(u8, String)> = (first..ROW)
                            .rev()
                            .filter(|&s| self.check_hire_staff(c, s, &grant).is_ok())
                            .filter_map(|s| {
                                let card = self.area.staff.get(s).copied().flatten()?;
                                Some((s as u8, decks.staff.get(card)?.name.clone()))
                            })
                            .collect();
                        slot_choice(out, "Hire which Staff card?", options);
                        // Its Bonus's choices depend on the card.
                        false
                    }
                    BasicAction::ContractSponsor => {
                        let wanted = contract.unwrap_or(Contract::OneOff);
                        let options: Vec<(u8, String)> = (first..ROW)
                            .rev()
                            .filter(|&s| self.check_contract(c, s, wanted, &grant).is_ok())
                            .filter_map(|s| {
                                let card = self.area.sponsors.get(s).copied().flatten()?;
                                Some((s as u8, decks.sponsors.get(card)?.front.name.clone()))
                            })
                            .collect();
                        slot_choice(out, "Contract which Sponsor?", options);
                        false
                    }
                    BasicAction::BuildInfrastructure if infrastructure.is_none() => {
                        let options: Vec<(u8, String)> = BUILDABLE
                            .iter()
                            .enumerate()
                            .rev()
                            .filter(|(_, k)| self.check_build(c, **k, &grant).is_ok())
                            .map(|(i, k)| (i as u8, k.title().to_string()))
                            .collect();
                        slot_choice(out, "Build which Infrastructure?", options)
                    }
                    BasicAction::SellPlayer => {
                        let Some(club) = self.clubs.get(c) else {
                            return false;
                        };
                        let mut options: Vec<(u8, String, u32)> = club
                            .players
                            .iter()
                            .enumerate()
                            .filter_map(|(i, p)| {
                                let card = decks.players.get(p.card)?;
                                Some((
                                    i as u8,
                                    card.side(p.side).name.clone(),
                                    self.player_strength(c, i),
                                ))
                            })
                            .collect();
                        // The engine's default: the weakest, the first of equals.
                        options.sort_by_key(|(i, _, s)| (*s, *i));
                        slot_choice(
                            out,
                            "Sell which Player?",
                            options.into_iter().map(|(i, n, _)| (i, n)).collect(),
                        )
                    }
                    _ => true,
                }
            }
            Effect::Gain { .. }
            | Effect::Lose { .. }
            | Effect::MoveStat { .. }
            | Effect::Modify { .. }
            | Effect::MoveLeague { .. }
            | Effect::Unexhaust { .. }
            | Effect::ScoreGoal { .. }
            | Effect::CancelGoal { .. }
            | Effect::AdjustOpponent { .. }
            | Effect::FlipJersey { .. }
            | Effect::MoveJersey { .. } => true,
            Effect::Train { filter, count, .. } => {
                let Some(club) = self.clubs.get(c) else {
                    return false;
                };
                let candidates = self.train_candidates(c, filter.as_ref());
                let Some(default) = self.best_to_train(c, &candidates) else {
                    // Nobody to Train: nothing is asked.
                    return true;
                };
                let decks = &self.config.decks;
                let options: Vec<(u8, String)> = candidates
                    .iter()
                    .filter_map(|&i| {
                        let card = decks.players.get(club.players[i].card)?;
                        Some((
                            u8::try_from(i).ok()?,
                            card.side(Side::Untrained).name.clone(),
                        ))
                    })
                    .collect();
                out.push(EffectChoice {
                    question: "Train which Player?".into(),
                    options,
                    default: u8::try_from(default).unwrap_or(0),
                    cards: Vec::new(),
                });
                // A second Training's candidates depend on the first.
                count.unwrap_or(1) <= 1
            }
            Effect::PlaceToken {
                target: Target::Random,
                ..
            } if self.config.ask => false,
            Effect::PlaceToken {
                target: Target::Random,
                token,
                ..
            } => {
                let fans = self.clubs.get(c).map_or(0, |club| club.res[1]).min(5) as u8;
                let when = if matches!(
                    token,
                    Token::StrengthTemp | Token::StrengthPerm | Token::Experience
                ) {
                    "while it names nobody"
                } else {
                    "while it names one of your Players"
                };
                out.push(EffectChoice {
                    question: format!(
                        "Fan Base to spend rerolling the twelve-sided die ({} token) {when}",
                        token.title()
                    ),
                    options: (0..=fans).map(|n| (n, n.to_string())).collect(),
                    default: 0,
                    cards: Vec::new(),
                });
                false
            }
            // Draws kept, tokens on chosen cards and discards are not
            // listed: they and what follows take the defaults.
            _ => false,
        }
    }
}

/// A choice among `options` whose first is the engine's default; false
/// (the list stops) when there is none to choose.
fn slot_choice(out: &mut Vec<EffectChoice>, question: &str, options: Vec<(u8, String)>) -> bool {
    let Some(default) = options.first().map(|(v, _)| *v) else {
        return false;
    };
    out.push(EffectChoice {
        question: question.into(),
        options,
        default,
        cards: Vec::new(),
    });
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::eleven::deck::ElevenDecks;
    use crate::games::eleven::effect::ChoiceOption;
    use crate::games::eleven::season::SeasonConfig;
    use crate::games::eleven::season::ops::Picks;
    use std::collections::BTreeMap;
    use std::sync::Arc;

    fn season() -> Season {
        let decks = Arc::new(ElevenDecks::default_decks().expect("the embedded decks load"));
        let config = SeasonConfig::new(decks, 1, 1);
        Season::setup(&config, 3, &mut Vec::new()).expect("a solo season")
    }

    fn gain_any(amount: u8) -> Effect {
        Effect::Gain {
            resource: Resource::Any,
            amount,
            per: None,
            max: None,
        }
    }

    #[test]
    fn each_unit_of_any_resource_is_a_choice_and_a_choose_ends_the_list() {
        let s = season();
        let lose = Effect::Lose {
            resource: Resource::Cash,
            amount: 2,
        };
        let effects = vec![
            gain_any(2),
            lose.clone(),
            Effect::Choose {
                options: vec![
                    ChoiceOption {
                        effects: vec![lose],
                    },
                    ChoiceOption {
                        effects: vec![gain_any(1)],
                    },
                ],
            },
            gain_any(1),
        ];
        let mut out = Vec::new();
        assert!(!s.list_choices(0, &effects, &mut out), "the list stops");
        let questions: Vec<&str> = out.iter().map(|q| q.question.as_str()).collect();
        assert_eq!(
            questions,
            [
                "Gain which Resource (1 of 2)?",
                "Gain which Resource (2 of 2)?",
                "Choose one"
            ]
        );
        assert_eq!(out[0].options.len(), 4);
        assert_eq!(out[0].options[3].1, "Fitness");
        assert_eq!(out[2].options.len(), 2);
        assert!(out[2].options[0].1.contains("Cash"), "{:?}", out[2].options);
        assert!(out.iter().all(|q| q.default == 0));
    }

    #[test]
    fn a_may_defaults_to_yes_only_when_affordable() {
        let mut s = season();
        let may = |cash: u8| Effect::May {
            then: vec![gain_any(1)],
            cost: BTreeMap::from([(Resource::Cash, cash)]),
        };
        s.clubs[0].res[0] = 2;
        for (cost, default) in [(2, 1), (3, 0)] {
            let mut out = Vec::new();
            s.list_choices(0, &[may(cost)], &mut out);
            assert_eq!(out.len(), 1);
            assert_eq!(out[0].default, default, "costing {cost} with 2 held");
            assert!(
                out[0]
                    .question
                    .starts_with(&format!("You may pay {cost} Cash")),
                "{}",
                out[0].question
            );
        }
    }

    #[test]
    fn a_staff_bonus_that_trains_asks_which_player_and_the_answer_is_trained() {
        let mut s = season();
        let card = s
            .config
            .decks
            .staff
            .iter()
            .position(|x| x.id == "staff-09")
            .expect("Paulo Teixeira trains a chosen Player when hired");
        s.area.staff[2] = Some(card);
        s.clubs[0].res[0] = 10;
        let untrained: Vec<usize> = (0..s.clubs[0].players.len())
            .filter(|&i| s.clubs[0].players[i].side == Side::Untrained)
            .collect();
        assert!(untrained.len() >= 2, "a choice to make");
        let asked = s.staff_bonus_choices(0, 2);
        assert_eq!(asked.len(), 1, "{asked:?}");
        assert_eq!(asked[0].question, "Train which Player?");
        let offered: Vec<usize> = asked[0]
            .options
            .iter()
            .map(|(i, _)| usize::from(*i))
            .collect();
        assert_eq!(offered, untrained);
        assert_eq!(
            Some(usize::from(asked[0].default)),
            s.best_to_train(0, &untrained)
        );
        // Not the default: the answer is the one trained.
        let other = untrained
            .iter()
            .copied()
            .find(|&i| i != usize::from(asked[0].default))
            .expect("another Player");
        let pick = u8::try_from(other).expect("a small squad");
        s.hire_staff_with(
            0,
            2,
            &Grant::BASIC,
            &mut Picks::new(&[pick]),
            &mut Vec::new(),
        )
        .expect("the hire is legal");
        assert_eq!(s.clubs[0].players[other].side, Side::Trained);
        // Unaffordable: nothing is asked.
        let mut poor = season();
        poor.area.staff[2] = Some(card);
        poor.clubs[0].res[0] = 0;
        assert!(poor.staff_bonus_choices(0, 2).is_empty());
    }

    #[test]
    fn ops_without_choices_list_nothing_and_go_on() {
        let s = season();
        let mut out = Vec::new();
        let effects = [Effect::Lose {
            resource: Resource::Fitness,
            amount: 1,
        }];
        assert!(s.list_choices(0, &effects, &mut out));
        assert!(out.is_empty());
    }
}

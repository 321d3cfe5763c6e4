//! The effects in English: the printed sentence of every op and block.

use super::*;

/// "1 Cash", "2 Fan Base".
pub(super) fn amount_of(n: u8, r: Resource) -> String {
    match r {
        Resource::VictoryPoint => format!("{n} VP"),
        Resource::Any => {
            if n == 1 {
                "1 Resource of your choice".into()
            } else {
                format!("{n} Resources of your choice")
            }
        }
        _ => format!("{n} {}", r.title()),
    }
}

pub(super) fn tokens(n: u8, t: Token) -> String {
    if n == 1 {
        format!("1 {} token", t.title())
    } else {
        format!("{n} {} tokens", t.title())
    }
}

pub(super) fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "on one of your assigned attacking Players".
pub(super) fn target_phrase(target: Target, filter: Option<&Filter>, amount: u8) -> String {
    let adj = filter.map(Filter::adjectives).unwrap_or_default();
    match target {
        Target::This => "this Player".into(),
        Target::Chosen => format!("one of your {adj}Players"),
        Target::Each => format!("each of your {adj}Players"),
        Target::Random => {
            "a random Player (roll the twelve-sided die for the Jersey number)".into()
        }
        Target::Spread => {
            if amount == 1 {
                format!("one of your {adj}Players")
            } else {
                format!("your {adj}Players, spread as you like")
            }
        }
        Target::ChosenStaff => format!("one of your {adj}Staff cards"),
        Target::ChosenDirector => "one of your Director cards".into(),
        Target::ChosenCard => "one of your Player, Staff or Director cards".into(),
    }
}

pub(super) fn cost_phrase(cost: &Cost) -> String {
    let parts: Vec<String> = cost.iter().map(|(r, n)| amount_of(*n, *r)).collect();
    parts.join(" and ")
}

pub(super) fn sentences(effects: &[Effect]) -> String {
    let parts: Vec<String> = effects.iter().map(Effect::describe).collect();
    parts.join(" ")
}

/// Lower-cases the first letter, to run a sentence on after a comma.
pub(super) fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Strips the final full stop, to join a sentence into another.
pub(super) fn clause(s: &str) -> String {
    lower_first(s.trim_end_matches('.'))
}

impl Effect {
    /// The printed sentence of this op, e.g. "Gain 2 Cash.".
    pub fn describe(&self) -> String {
        match self {
            Effect::Gain {
                resource,
                amount,
                per,
                max,
            } => match per {
                Some(q) => {
                    let cap = max.map(|m| format!(" (at most {m})")).unwrap_or_default();
                    format!(
                        "Gain {} for each of {}{cap}.",
                        amount_of(*amount, *resource),
                        q.subject()
                    )
                }
                None => format!("Gain {}.", amount_of(*amount, *resource)),
            },
            Effect::Lose { resource, amount } => {
                format!("Lose {}.", amount_of(*amount, *resource))
            }
            Effect::MoveStat { stat, by } => {
                let track = match stat {
                    Stat::Any => "any Stat marker".to_string(),
                    s => format!("your {} Stat marker", s.title()),
                };
                let steps = plural(by.unsigned_abs(), "space", "spaces");
                if *by >= 0 {
                    format!("Move {track} {steps} up.")
                } else {
                    format!("Move {track} {steps} down.")
                }
            }
            Effect::Draw { deck, count, keep } => {
                let cards = plural(
                    *count,
                    &format!("{} card", deck.title()),
                    &format!("{} cards", deck.title()),
                );
                match keep {
                    Some(k) if k < count => format!("Draw {cards} and keep {k}."),
                    _ => format!("Draw {cards}."),
                }
            }
            Effect::BasicAction {
                action,
                from,
                discount,
                free,
                infrastructure,
                contract,
            } => {
                let what = match action {
                    BasicAction::HirePlayer => "Hire a Player".to_string(),
                    BasicAction::HireYoungster => "Hire a Youngster".to_string(),
                    BasicAction::SellPlayer => "Sell a Player".to_string(),
                    BasicAction::HireStaff => "Hire a Staff card".to_string(),
                    BasicAction::ContractSponsor => match contract {
                        Some(Contract::OneOff) => "Contract a one-off Sponsor".to_string(),
                        Some(Contract::Adboard) => "Contract an Adboard Sponsor".to_string(),
                        Some(Contract::Kit) => "Contract a Kit Sponsor".to_string(),
                        None => "Contract a Sponsor".to_string(),
                    },
                    BasicAction::BuildInfrastructure => match infrastructure {
                        Some(i) => format!("Build a {}", i.title()),
                        None => "Build Stadium Infrastructure".to_string(),
                    },
                    BasicAction::BuildOffice => "Build an Office".to_string(),
                };
                let place = match from {
                    Some(Market::Display) => " from anywhere in the Transfer Area",
                    _ => "",
                };
                let price = if *free {
                    " for free".to_string()
                } else {
                    match discount {
                        Some(d) if *d > 0 => format!(" for {d} less"),
                        _ => String::new(),
                    }
                };
                format!("{what}{place}{price}.")
            }
            Effect::Train {
                target,
                filter,
                count,
            } => {
                let n = count.unwrap_or(1);
                let adj = filter.as_ref().map(Filter::adjectives).unwrap_or_default();
                match target {
                    Target::This => "Train this Player.".into(),
                    Target::Each => format!("Train each of your {adj}Players."),
                    Target::Random => "Train a random Player.".into(),
                    _ => {
                        if n == 1 {
                            format!("Train one of your {adj}Players.")
                        } else {
                            format!("Train {n} of your {adj}Players.")
                        }
                    }
                }
            }
            Effect::PlaceToken {
                token,
                target,
                amount,
                filter,
            } => format!(
                "Place {} on {}.",
                tokens(*amount, *token),
                target_phrase(*target, filter.as_ref(), *amount)
            ),
            Effect::RemoveToken {
                token,
                target,
                amount,
                filter,
            } => format!(
                "Remove up to {} from {}.",
                tokens(*amount, *token),
                target_phrase(*target, filter.as_ref(), *amount)
            ),
            Effect::ScoreGoal { team, count } => match team {
                Team::Own => {
                    if *count == 1 {
                        "Score a goal.".into()
                    } else {
                        format!("Score {count} goals.")
                    }
                }
                Team::Opponent => {
                    if *count == 1 {
                        "Your Opponent scores a goal.".into()
                    } else {
                        format!("Your Opponent scores {count} goals.")
                    }
                }
            },
            Effect::CancelGoal { team, count } => {
                let whose = match team {
                    Team::Own => "your",
                    Team::Opponent => "an Opponent's",
                };
                if *count == 1 {
                    format!("Cancel {whose} goal.")
                } else {
                    let whose = match team {
                        Team::Own => "of your",
                        Team::Opponent => "Opponent",
                    };
                    format!("Cancel {count} {whose} goals.")
                }
            }
            Effect::RollDie {
                sides,
                at_least,
                at_most,
                even,
                odd,
                then,
                otherwise,
            } => {
                let die = if *sides == 12 {
                    "the twelve-sided die"
                } else {
                    "a die"
                };
                let test = if *even {
                    "an even number".to_string()
                } else if *odd {
                    "an odd number".to_string()
                } else {
                    match (at_least, at_most) {
                        (Some(a), Some(b)) => format!("{a}-{b}"),
                        (Some(a), None) if u16::from(*a) == u16::from(*sides) => a.to_string(),
                        (Some(a), None) => format!("{a} or more"),
                        (None, Some(1)) => "1".to_string(),
                        (None, Some(b)) => format!("{b} or less"),
                        (None, None) => "anything".to_string(),
                    }
                };
                let mut s = format!(
                    "Roll {die}. If the result is {test}, {}",
                    lower_first(&sentences(then))
                );
                if !otherwise.is_empty() {
                    s.push_str(&format!(
                        " Otherwise, {}",
                        lower_first(&sentences(otherwise))
                    ));
                }
                s
            }
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                let c = condition.describe();
                let mut s = format!("{}, {}", capitalise(&c), lower_first(&sentences(then)));
                if !otherwise.is_empty() {
                    s.push_str(&format!(
                        " Otherwise, {}",
                        lower_first(&sentences(otherwise))
                    ));
                }
                s
            }
            Effect::Choose { options } => {
                let parts: Vec<String> = options
                    .iter()
                    .map(|o| clause(&sentences(&o.effects)))
                    .collect();
                format!("Choose one: {}.", parts.join(" or "))
            }
            Effect::May { then, cost } => {
                if cost.is_empty() {
                    format!("You may {}", lower_first(&sentences(then)))
                } else {
                    format!(
                        "You may pay {} to {}",
                        cost_phrase(cost),
                        lower_first(&sentences(then))
                    )
                }
            }
            Effect::Modify { rule, by, duration } => {
                let when = match duration {
                    Duration::Match => " this Match",
                    Duration::Week => " this Week",
                    Duration::Game => "",
                };
                format!("{} {by:+}{when}.", capitalise(rule.phrase()))
            }
            Effect::AdjustOpponent {
                target,
                by,
                line,
                zone,
                task,
                count,
            } => match target {
                OpponentTarget::GoalkeeperStrength => {
                    format!("The Opponent Goalkeeper gets {by:+} Strength.")
                }
                OpponentTarget::GoalkeeperSaves => {
                    format!("The Opponent Goalkeeper gets {by:+} saves.")
                }
                OpponentTarget::Player => {
                    let who = match task {
                        TaskPick::Attack => "attacker",
                        TaskPick::Defence => "defender",
                        TaskPick::Any => "player",
                    };
                    let whos = format!("{who}s");
                    let mut place = Vec::new();
                    match zone {
                        FlankPick::Any => {}
                        FlankPick::Centre => place.push("central".into()),
                        FlankPick::Left => place.push("left-wing".into()),
                        FlankPick::Right => place.push("right-wing".into()),
                    }
                    match line {
                        LinePick::Any => {}
                        l => place.push(format!("{l:?}").to_lowercase()),
                    }
                    let place = if place.is_empty() {
                        String::new()
                    } else {
                        format!(" {}", place.join(" "))
                    };
                    match count {
                        Count::All(_) => {
                            format!("Every Opponent{place} {who} gets {by:+} Strength.")
                        }
                        Count::N(1) => format!("One Opponent{place} {who} gets {by:+} Strength."),
                        Count::N(n) => format!("{n} Opponent{place} {whos} get {by:+} Strength."),
                    }
                }
            },
            Effect::FlipJersey { count } => format!(
                "Flip {} without a Player card.",
                plural(*count, "Jersey marker", "Jersey markers")
            ),
            Effect::MoveJersey { count } => format!(
                "Move {} to an adjacent Zone.",
                plural(*count, "Jersey marker", "Jersey markers")
            ),
            Effect::DiscardCard {
                kind,
                pick,
                count,
                pay_back,
                filter,
            } => {
                let adj = filter.as_ref().map(Filter::adjectives).unwrap_or_default();
                let noun = match kind {
                    CardKind::Player => "Player card",
                    CardKind::Staff => "Staff card",
                    CardKind::Sponsor => "Sponsor",
                    CardKind::Tactic => "Tactic card",
                    CardKind::Director => "Director card",
                };
                let how = match pick {
                    Pick::Chosen => "",
                    Pick::Random => "random ",
                };
                let what = if *count == 1 {
                    format!("a {how}{adj}{noun}")
                } else {
                    format!("{count} {how}{adj}{noun}s")
                };
                if *pay_back {
                    format!("Discard {what} and pay back what it gave you.")
                } else {
                    format!("Discard {what}.")
                }
            }
            Effect::MoveLeague { team, by } => {
                let whose = match team {
                    Team::Own => "your Club marker",
                    Team::Opponent => "the Opponent's Team marker",
                };
                let steps = plural(by.unsigned_abs(), "space", "spaces");
                if *by >= 0 {
                    format!("Move {whose} {steps} up the League table.")
                } else {
                    format!("Move {whose} {steps} down the League table.")
                }
            }
            Effect::Unexhaust { kind, count } => {
                let noun = match kind {
                    ExhaustKind::Staff => "Staff",
                    ExhaustKind::Director => "Director",
                    ExhaustKind::Any => "Staff or Director",
                };
                format!(
                    "Unexhaust {}.",
                    plural(*count, &format!("{noun} card"), &format!("{noun} cards"))
                )
            }
        }
    }

    /// The ops nested inside this one (branches and options).
    pub fn children(&self) -> Vec<&Effect> {
        match self {
            Effect::RollDie {
                then, otherwise, ..
            }
            | Effect::If {
                then, otherwise, ..
            } => then.iter().chain(otherwise).collect(),
            Effect::Choose { options } => options.iter().flat_map(|o| &o.effects).collect(),
            Effect::May { then, .. } => then.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The op's name as written in the files.
    pub fn op(&self) -> &'static str {
        match self {
            Effect::Gain { .. } => "gain",
            Effect::Lose { .. } => "lose",
            Effect::MoveStat { .. } => "move_stat",
            Effect::Draw { .. } => "draw",
            Effect::BasicAction { .. } => "basic_action",
            Effect::Train { .. } => "train",
            Effect::PlaceToken { .. } => "place_token",
            Effect::RemoveToken { .. } => "remove_token",
            Effect::ScoreGoal { .. } => "score_goal",
            Effect::CancelGoal { .. } => "cancel_goal",
            Effect::RollDie { .. } => "roll_die",
            Effect::If { .. } => "if",
            Effect::Choose { .. } => "choose",
            Effect::May { .. } => "may",
            Effect::Modify { .. } => "modify",
            Effect::AdjustOpponent { .. } => "adjust_opponent",
            Effect::FlipJersey { .. } => "flip_jersey",
            Effect::MoveJersey { .. } => "move_jersey",
            Effect::DiscardCard { .. } => "discard_card",
            Effect::MoveLeague { .. } => "move_league",
            Effect::Unexhaust { .. } => "unexhaust",
        }
    }
}

pub(super) fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

impl EffectBlock {
    /// The generated card sentence: the timing header, the cost, the
    /// condition and the ops, e.g. "AFTER THE MATCH (1 Fitness): Cancel an
    /// Opponent's goal.".
    pub fn generated(&self) -> String {
        let mut head = self.timing.header().to_string();
        if !self.cost.is_empty() {
            head.push_str(&format!(" ({})", cost_phrase(&self.cost)));
        }
        let body = sentences(&self.effects);
        match &self.condition {
            Some(c) => {
                // The condition governs every op of the block, so they are
                // joined into one sentence under it.
                let clauses: Vec<String> =
                    self.effects.iter().map(|e| clause(&e.describe())).collect();
                format!(
                    "{head}: {}, {}.",
                    capitalise(&c.describe()),
                    clauses.join(" and ")
                )
            }
            None => format!("{head}: {body}"),
        }
    }

    /// The printed sentence: the data's `text` if it has one, else the
    /// generated one.
    pub fn describe(&self) -> String {
        match &self.text {
            Some(t) => t.clone(),
            None => self.generated(),
        }
    }

    /// Every op of the block, nested ones included, depth first.
    pub fn all_effects(&self) -> Vec<&Effect> {
        let mut out = Vec::new();
        let mut stack: Vec<&Effect> = self.effects.iter().rev().collect();
        while let Some(e) = stack.pop() {
            out.push(e);
            let mut kids = e.children();
            kids.reverse();
            stack.extend(kids);
        }
        out
    }
}

/// A colour's name as written in the files.
pub fn colour_key(c: Colour) -> &'static str {
    match c {
        Colour::Green => "green",
        Colour::Blue => "blue",
        Colour::Purple => "purple",
        Colour::Yellow => "yellow",
        Colour::Red => "red",
    }
}

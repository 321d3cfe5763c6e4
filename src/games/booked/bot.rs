//! A Booked! bot that plays to win from its own seat's view.
//!
//! It builds the nation it is closest to completing, calls GOOOAL! as soon
//! as it can, keeps its instants for breaking opponents' calls (or for cards
//! aimed at itself), and tackles and books whoever is closest to a 7.

use crate::bots::{Bot, RandomBot};
use crate::engine::Seat;
use crate::games::booked::{
    Action, Booked, BookedView, Card, CardId, Play, Position, RefTarget, Referee, StackView, Step,
};

/// The heuristic Booked! bot.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    tiebreak: RandomBot,
    /// Cards this bot has taken from the discard pile. It never takes the
    /// same card from it twice: two bots that each want the card the other
    /// discards would otherwise pass it back and forth for ever.
    taken: Vec<CardId>,
}

impl HeuristicBot {
    /// A heuristic bot; `seed` only breaks ties between equal choices.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            tiebreak: RandomBot::new(seed),
            taken: Vec::new(),
        }
    }
}

/// What the bot knows about one pitch: the nation closest to a 7 and the
/// slots it still lacks.
#[derive(Clone, Copy, Debug)]
struct Progress {
    nation: u8,
    filled: u8,
    slots: [u8; 4],
}

fn card(view: &BookedView, id: CardId) -> Card {
    view.cards.card(id).unwrap_or(Card::QuickRules)
}

fn progress_on_pitch(view: &BookedView, seat: Seat) -> Option<Progress> {
    let (nation, filled) = crate::games::booked::best_seven(view.pitch(seat), &view.cards)?;
    Some(Progress {
        nation,
        filled,
        slots: view.nation_slots(seat, nation),
    })
}

/// The nation this bot builds: the best of pitch plus hand. One pass over
/// the pitch and one over the hand fill a table per nation, so the cost
/// grows with the deck's nations only linearly.
fn target(view: &BookedView) -> Progress {
    let nations = view.cards.nations.len().min(256);
    let mut pitch = vec![[0u8; 4]; nations];
    for p in view.pitch(view.seat) {
        if let Some((n, pos)) = p.counts_as(&view.cards)
            && let Some(row) = pitch.get_mut(usize::from(n))
        {
            row[pos.index()] = row[pos.index()].saturating_add(1);
        }
    }
    let mut hand = pitch.clone();
    for &c in &view.hand {
        if let Card::Player {
            nation, position, ..
        } = card(view, c)
            && let Some(row) = hand.get_mut(usize::from(nation))
        {
            row[position.index()] = row[position.index()].saturating_add(1);
        }
    }
    let filled = |row: &[u8; 4]| -> u8 {
        Position::ALL
            .iter()
            .map(|p| row[p.index()].min(p.needed()))
            .sum()
    };
    let mut best = Progress {
        nation: 0,
        filled: 0,
        slots: [0; 4],
    };
    let mut best_score = -1i32;
    for (nation, (slots, with_hand)) in pitch.iter().zip(&hand).enumerate() {
        let on_pitch = filled(slots);
        let score = i32::from(on_pitch) * 3 + i32::from(filled(with_hand)) * 2;
        if score > best_score {
            best_score = score;
            best = Progress {
                nation: nation as u8,
                filled: on_pitch,
                slots: *slots,
            };
        }
    }
    best
}

fn fills_slot(t: &Progress, c: Card) -> bool {
    match c {
        Card::Player {
            nation, position, ..
        } => nation == t.nation && t.slots[position.index()] < position.needed(),
        _ => false,
    }
}

/// How much the bot wants to keep a card.
fn keep_value(view: &BookedView, t: &Progress, id: CardId) -> i32 {
    let c = card(view, id);
    match c {
        Card::Player { nation, rating, .. } => {
            if fills_slot(t, c) {
                100 + i32::from(rating)
            } else if nation == t.nation {
                30 + i32::from(rating)
            } else {
                10 + i32::from(rating)
            }
        }
        Card::SuperSub => 70,
        Card::Referee(Referee::VarReview) => 90,
        Card::Referee(Referee::Offside) => 85,
        Card::Referee(Referee::PlayOn) => 75,
        Card::Referee(Referee::QuickRestart | Referee::SetPiece) => 50,
        Card::Referee(_) => 40,
        Card::Yellow | Card::Red => 45,
        Card::QuickRules => 0,
    }
}

/// The opponent closest to a 7 (most filled slots), if any has 4 or more.
fn leader(view: &BookedView) -> Option<(Seat, Progress)> {
    let mut best: Option<(Seat, Progress)> = None;
    for s in 0..view.seats() {
        let seat = Seat(s as u8);
        if seat == view.seat {
            continue;
        }
        if let Some(p) = progress_on_pitch(view, seat)
            && p.filled >= 4
            && best.is_none_or(|(_, b)| p.filled > b.filled)
        {
            best = Some((seat, p));
        }
    }
    best
}

/// Whether `target` is one of the cards making up `p` on `seat`'s pitch.
fn in_their_seven(view: &BookedView, seat: Seat, p: &Progress, target: CardId) -> bool {
    view.pitch(seat)
        .iter()
        .any(|x| x.card == target && x.counts_as(&view.cards).is_some_and(|(n, _)| n == p.nation))
}

/// How much the bot likes a do-one action; `lead` is [`leader`] of the
/// view, worked out once per decision rather than once per action (a deck
/// of many nations offers hundreds of actions).
fn score_act(view: &BookedView, t: &Progress, lead: Option<(Seat, Progress)>, a: &Action) -> i32 {
    let me = view.seat;
    let threat = lead.map_or(0, |(_, p)| i32::from(p.filled));
    match *a {
        Action::PlayPlayer { card: c } => {
            let cc = card(view, c);
            if fills_slot(t, cc) {
                1000 + i32::from(t.filled) * 10
            } else if matches!(cc, Card::Player { nation, .. } if nation == t.nation) {
                40
            } else {
                5
            }
        }
        Action::PlaySuperSub {
            nation, position, ..
        } => {
            let missing = position.needed().saturating_sub(t.slots[position.index()]);
            if nation == t.nation && missing > 0 && t.filled >= 4 {
                800 + i32::from(t.filled) * 10
            } else {
                -50
            }
        }
        Action::Tackle { card: c, victim } => {
            let Some((ls, lp)) = lead else { return 0 };
            let cc = card(view, c);
            let nation_hit = matches!(cc, Card::Player { nation, .. } if nation == lp.nation);
            if victim == ls && nation_hit {
                let cost = if fills_slot(t, cc) { 300 } else { 0 };
                600 + threat * 40 - cost
            } else {
                -100
            }
        }
        Action::Red { target: x, .. } => {
            let Some((ls, lp)) = lead else { return -200 };
            let booked = view
                .pitch(ls)
                .iter()
                .any(|p| p.card == x && p.yellow.is_some());
            if booked && in_their_seven(view, ls, &lp, x) {
                900 + threat * 20
            } else {
                -200
            }
        }
        Action::Yellow { target: x, .. } => {
            let Some((ls, lp)) = lead else { return -20 };
            if in_their_seven(view, ls, &lp, x) {
                let booked = view
                    .pitch(ls)
                    .iter()
                    .any(|p| p.card == x && p.yellow.is_some());
                if booked {
                    950 + threat * 20
                } else {
                    500 + threat * 20
                }
            } else {
                -20
            }
        }
        Action::PlayReferee { card: c, target } => {
            let Card::Referee(kind) = card(view, c) else {
                return 0;
            };
            match (kind, target) {
                (Referee::QuickRestart, _) => 300,
                (Referee::SetPiece, _) => 280,
                (Referee::AddedTime, _) => 260,
                (Referee::TheWall, _) => {
                    if t.filled >= 5 {
                        400
                    } else {
                        50
                    }
                }
                (Referee::FullTimeWhistle, _) => {
                    let next = me.step(view.seats(), view.clockwise);
                    if lead.is_some_and(|(s, _)| s == next) {
                        450
                    } else {
                        60
                    }
                }
                (Referee::Reverse, _) => {
                    let next = me.step(view.seats(), view.clockwise);
                    if lead.is_some_and(|(s, _)| s == next) {
                        200
                    } else {
                        20
                    }
                }
                (Referee::Overturned, RefTarget::Player(p)) => {
                    if view.pitch(me).iter().any(|x| x.card == p) {
                        350
                    } else {
                        -100
                    }
                }
                (Referee::Substitution, RefTarget::Swap { out, inn }) => {
                    let out_useful = view.pitch(me).iter().any(|x| {
                        x.card == out
                            && x.counts_as(&view.cards).is_some_and(|(n, _)| n == t.nation)
                    });
                    if !out_useful && fills_slot(t, card(view, inn)) {
                        700
                    } else {
                        -100
                    }
                }
                _ => 0,
            }
        }
        Action::Pass => -1000,
        _ => 0,
    }
}

impl HeuristicBot {
    /// Whether to answer the top of the stack, and with what.
    fn answer(&self, view: &BookedView, legal: &[Action]) -> Option<usize> {
        let top: &StackView = view.stack.last()?;
        let me = view.seat;
        let against_me = top.against == Some(me)
            || matches!(top.play, Play::Tackle { victim, .. } if victim == me);
        let find = |kind: Referee| {
            legal.iter().position(|a| match a {
                Action::Respond { card: c } => card(view, *c) == Card::Referee(kind),
                _ => false,
            })
        };
        if against_me {
            return find(Referee::PlayOn).or_else(|| find(Referee::VarReview));
        }
        // An opponent's placement that completes (or nearly completes) a 7.
        if let Play::Player | Play::SuperSub { .. } = top.play {
            let seat = top.seat;
            let p = progress_on_pitch(view, seat);
            let c = card(view, top.card);
            let completes = match (p, c) {
                (
                    Some(p),
                    Card::Player {
                        nation, position, ..
                    },
                ) => {
                    nation == p.nation
                        && p.slots[position.index()] < position.needed()
                        && p.filled >= 5
                }
                (Some(p), Card::SuperSub) => p.filled >= 6,
                _ => false,
            };
            if completes {
                return find(Referee::Offside).or_else(|| find(Referee::VarReview));
            }
        }
        None
    }

    fn best_by(&mut self, legal: &[Action], mut score: impl FnMut(&Action) -> i32) -> usize {
        let scores: Vec<i32> = legal.iter().map(&mut score).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let ties: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] == best).collect();
        ties.get(self.tiebreak.pick(ties.len()))
            .copied()
            .unwrap_or(0)
    }
}

impl Bot<Booked> for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, view: Option<&BookedView>, legal: &[Action]) -> usize {
        let Some(view) = view else {
            return self.tiebreak.pick(legal.len());
        };
        let t = target(view);
        match view.step {
            Step::Draw | Step::Call => {
                if let Some(i) = legal.iter().position(|a| *a == Action::CallGoal) {
                    return i;
                }
                if view.step == Step::Call {
                    return legal.iter().position(|a| *a == Action::NoCall).unwrap_or(0);
                }
                let top_helps = view.discard_top.is_some_and(|c| {
                    !self.taken.contains(&c)
                        && (fills_slot(&t, card(view, c))
                            || matches!(
                                card(view, c),
                                Card::Referee(Referee::VarReview | Referee::Offside)
                            ))
                });
                let want = if top_helps {
                    Action::DrawDiscard
                } else {
                    Action::DrawDeck
                };
                let i = legal.iter().position(|a| *a == want).unwrap_or(0);
                if legal.get(i) == Some(&Action::DrawDiscard)
                    && let Some(c) = view.discard_top
                {
                    self.taken.push(c);
                }
                i
            }
            Step::Act => {
                let lead = leader(view);
                self.best_by(legal, |a| score_act(view, &t, lead, a))
            }
            Step::Answer => self
                .answer(view, legal)
                .or_else(|| legal.iter().position(|a| *a == Action::Pass))
                .unwrap_or(0),
            Step::GoalWindow { .. } => {
                // Always break a call: VAR REVIEW discards, OFFSIDE! only returns.
                let pick = |kind: Referee| {
                    legal.iter().position(|a| match a {
                        Action::Respond { card: c } => card(view, *c) == Card::Referee(kind),
                        _ => false,
                    })
                };
                pick(Referee::VarReview)
                    .or_else(|| pick(Referee::Offside))
                    .or_else(|| legal.iter().position(|a| *a == Action::Pass))
                    .unwrap_or(0)
            }
            Step::SetPiece => self.best_by(legal, |a| match a {
                Action::Keep { card: c } => keep_value(view, &t, *c),
                _ => 0,
            }),
            Step::PickUp { .. } => self.best_by(legal, |a| match a {
                // Pick up what matters least to the 7 on the pitch.
                Action::PickUp { card: c } => -keep_value(view, &t, *c),
                _ => 0,
            }),
            Step::Discard | Step::Draft => self.best_by(legal, |a| match a {
                Action::Discard { card: c } | Action::DraftPass { card: c } => {
                    -keep_value(view, &t, *c)
                }
                _ => 0,
            }),
            Step::Claim | Step::Over => self.tiebreak.pick(legal.len()),
        }
    }
}

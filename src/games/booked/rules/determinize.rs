//! A whole match imagined from one manager's view, for search bots.
//!
//! [`Booked::from_view`] rebuilds everything the view shows as it is and
//! deals everything it hides (the other hands, the deck, the discard pile
//! under its top card, other managers' squad-rotation passes, SET PIECE
//! cards someone else is choosing) at random from the cards the view does
//! not place, keeping every size. It reads the view and the public rules
//! only, never a match, so a bot that searches such copies cannot cheat.
//!
//! What the view does not say, and what the copy assumes:
//! - An answer window asks the view's seat if it holds an answer, as the
//!   bot is only asked when it is; else the window opens afresh.
//! - A GOOOAL! window asks the view's seat if it may break the 7; a broken
//!   7 lets the caller go on after the action (the usual moment to call).
//! - The no-progress count starts again at zero.

use super::cards::{Card, CardId};
use super::house::HouseRules;
use super::state::{Booked, FinalWindow, NationSet, Phase, Play, Resume, StackItem};
use super::view::{BookedView, Step};
use crate::engine::{BySeat, GameRng, Seat, SeatSet, Window};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};

impl Booked {
    /// A match consistent with `view` (its seat's view of the copy is
    /// `view`), played under `rules` (and as a sudden-death decider when
    /// `sudden_death`), with every hidden card dealt from `rng`. `None`
    /// when the view's sizes do not add up to the card set.
    pub fn from_view(
        view: &BookedView,
        rules: &HouseRules,
        sudden_death: bool,
        rng: &mut GameRng,
    ) -> Option<Booked> {
        let cards = view.cards.clone();
        let n = view.seats();
        let seat = view.seat;
        if !(2..=crate::engine::MAX_SEATS).contains(&n) || seat.index() >= n {
            return None;
        }
        // Where each card is known to be; the rest form the hidden pool.
        let mut known = vec![false; cards.len()];
        let mut mark = |c: CardId| -> Option<()> {
            let slot = known.get_mut(usize::from(c))?;
            if *slot {
                return None;
            }
            *slot = true;
            Some(())
        };
        let boxed = boxed_cards(&cards.cards, rules);
        for &c in &boxed {
            mark(c)?;
        }
        for &c in view.hand.iter().chain(&view.draft_selected) {
            mark(c)?;
        }
        for p in view.pitches.iter().flatten() {
            mark(p.card)?;
            if let Some(y) = p.yellow {
                mark(y)?;
            }
        }
        for s in &view.stack {
            mark(s.card)?;
        }
        if let Some(t) = view.discard_top {
            mark(t)?;
        }
        let phase = phase_of(view.step);
        let own_limbo = phase == Phase::SetPiece && view.current == seat;
        if own_limbo {
            for &c in &view.set_piece {
                mark(c)?;
            }
        }
        let mut pool: Vec<CardId> = (0..cards.len())
            .filter(|&i| !known[i])
            .map(|i| i as CardId)
            .collect();
        pool.shuffle(rng);
        let mut take = |k: usize| -> Option<Vec<CardId>> {
            let at = pool.len().checked_sub(k)?;
            Some(pool.split_off(at))
        };
        let deck = take(view.deck_count)?;
        let mut discard = take(view.discard_count.saturating_sub(1))?;
        discard.extend(view.discard_top);
        let mut hands = BySeat::from_fn(n, |_| Vec::new());
        let mut draft = BySeat::from_fn(n, |_| Vec::new());
        for s in Seat::all(n) {
            if s == seat {
                hands[s] = view.hand.clone();
                draft[s] = view.draft_selected.clone();
            } else {
                hands[s] = take(view.hand_sizes.get(s.index()).copied().unwrap_or(0))?;
                draft[s] = take(view.draft_counts.get(s.index()).copied().unwrap_or(0))?;
            }
        }
        let limbo = if own_limbo {
            view.set_piece.clone()
        } else if phase == Phase::SetPiece {
            // Someone else is choosing among the cards left over.
            std::mem::take(&mut pool)
        } else {
            Vec::new()
        };
        if !pool.is_empty() {
            return None;
        }
        let mut g = Booked {
            cards: cards.clone(),
            rules: rules.clone(),
            sudden_death,
            seats: n as u8,
            rng: GameRng::seed_from_u64(rng.random()),
            deck,
            discard,
            boxed,
            limbo,
            hands,
            pitches: BySeat::from_fn(n, |s| {
                view.pitches.get(s.index()).cloned().unwrap_or_default()
            }),
            sevens: BySeat::from_fn(n, |_| None),
            nations_on: BySeat::from_fn(n, |_| NationSet::default()),
            claims: BySeat::from_fn(n, |s| view.claims.get(s.index()).copied().flatten()),
            draft,
            current: view.current,
            clockwise: view.clockwise,
            phase,
            stack: view
                .stack
                .iter()
                .map(|s| StackItem {
                    seat: s.seat,
                    card: s.card,
                    play: s.play,
                    against: s.against,
                    cancelled: s.cancelled,
                    offside: s.offside,
                })
                .collect(),
            window: None,
            final_window: None,
            extra_turns: per_seat(n, &view.extra_turns),
            skips: per_seat(n, &view.skips),
            walls: per_seat(n, &view.walls),
            armband_used: per_seat(n, &view.armband_used),
            sent_off: per_seat(n, &view.sent_off),
            reshuffles: view.reshuffles,
            turns: view.turns,
            stall: 0,
            outcome: view.outcome.clone(),
        };
        for s in Seat::all(n) {
            g.pitch_changed(s);
        }
        // An instant played in the GOOOAL! window (strict VAR lets it be
        // answered) shows the window is open below the answers.
        let in_final = view.stack.iter().find_map(|s| match s.play {
            Play::Final(_) => Some((s.against.unwrap_or(s.seat), s.seat)),
            _ => None,
        });
        match (view.step, in_final) {
            (Step::GoalWindow { caller }, _) => {
                let order = walk(caller, n, view.clockwise);
                let asked = seat != caller && g.final_eligible(seat, caller);
                let first = if asked {
                    Some(seat)
                } else {
                    order.iter().copied().find(|s| g.final_eligible(*s, caller))
                };
                g.final_window = Some(final_window(caller, first, &order));
            }
            (Step::Answer, Some((caller, asking))) => {
                let order = walk(caller, n, view.clockwise);
                g.final_window = Some(final_window(caller, Some(asking), &order));
            }
            _ => {}
        }
        if view.step == Step::Answer {
            let top = g.stack.last().copied()?;
            let order = walk(top.seat, n, view.clockwise);
            let candidates = if g.can_answer_top(seat) {
                // The view's seat is asked; seats before it in the walk
                // have had their turn.
                let at = order.iter().position(|s| *s == seat)?;
                seats(&order[at..])
            } else {
                SeatSet::all(n)
            };
            g.window = Some(Window::open(top.seat, n, view.clockwise, candidates, |s| {
                g.can_answer_top(s)
            }));
        }
        Some(g)
    }
}

/// The GOOOAL! window of `caller` asking `asking`, the seats after it in
/// `order` still to have their go.
fn final_window(caller: Seat, asking: Option<Seat>, order: &[Seat]) -> FinalWindow {
    let pending = match asking.and_then(|a| order.iter().position(|s| *s == a)) {
        Some(at) => seats(&order[at + 1..]),
        None => SeatSet::EMPTY,
    };
    FinalWindow {
        caller,
        asking,
        pending,
        resume: Resume::AfterAction,
    }
}

fn seats(list: &[Seat]) -> SeatSet {
    list.iter().fold(SeatSet::EMPTY, |set, s| set.with(*s))
}

/// One value per seat from a view's list (missing seats get the default).
fn per_seat<T: Copy + Default>(n: usize, v: &[T]) -> BySeat<T> {
    BySeat::from_fn(n, |s| v.get(s.index()).copied().unwrap_or_default())
}

/// The seats after `from` in the direction of play, `from` excluded.
fn walk(from: Seat, n: usize, clockwise: bool) -> Vec<Seat> {
    let mut out = Vec::with_capacity(n);
    let mut s = from;
    for _ in 1..n {
        s = s.step(n, clockwise);
        out.push(s);
    }
    out
}

/// The cards a match keeps out of play, as setting up puts them aside: the
/// quick-rules cards and, with the discipline dial, the first two Yellows
/// and the first Red.
fn boxed_cards(cards: &[Card], rules: &HouseRules) -> Vec<CardId> {
    let (mut yellows, mut reds) = if rules.fewer_discipline {
        (2, 1)
    } else {
        (0, 0)
    };
    let mut out = Vec::new();
    for (i, c) in cards.iter().enumerate() {
        let out_of_play = match c {
            Card::QuickRules => true,
            Card::Yellow if yellows > 0 => {
                yellows -= 1;
                true
            }
            Card::Red if reds > 0 => {
                reds -= 1;
                true
            }
            _ => false,
        };
        if out_of_play {
            out.push(i as CardId);
        }
    }
    out
}

fn phase_of(step: Step) -> Phase {
    match step {
        Step::Claim => Phase::Claim,
        Step::Draft => Phase::Draft,
        Step::Draw => Phase::Draw,
        Step::Act => Phase::Act,
        Step::Answer => Phase::Stack,
        Step::SetPiece => Phase::SetPiece,
        Step::PickUp {
            victim,
            nation,
            left,
        } => Phase::PickUp {
            victim,
            nation,
            left,
        },
        Step::Call => Phase::Call,
        Step::GoalWindow { .. } => Phase::Final,
        Step::Discard => Phase::Discard,
        Step::Over => Phase::Over,
    }
}

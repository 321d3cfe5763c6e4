//! A whole game imagined from one seat's view, for search bots.
//!
//! [`StadiumMemory::from_view`] keeps everything the view shows (the grid's
//! shape, every face-up card, holdings, yellows, the public history of
//! cards turned up and the seat's own VAR looks) and deals the faces the
//! view hides at random from the cards it does not place. A face-down card
//! once turned up in public, or looked at by this seat, lies where it was
//! seen. It reads the view and the public rules only, never a game, so a
//! bot searching such copies cannot cheat.
//!
//! What the view does not say, and what the copy assumes: other seats
//! remember nothing of their own VAR looks; VAR was used in this move when
//! the seat's own options say so (no VAR and no PLAY GAME offered); prizes
//! played are counted from the discard pile.

use super::action::Action;
use super::cards::{Card, PlayerId, Pos, Prize};
use super::state::{HouseRules, Phase, StadiumMemory};
use super::view::{Spot, StadiumMemoryView, Step};
use crate::engine::{BySeat, Game as _, GameRng, MAX_SEATS, Seat, SeatSet, Window};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};

impl StadiumMemory {
    /// A game consistent with `view` (its seat's view of the copy is
    /// `view`), dealt under `rules`, with every hidden face drawn from
    /// `rng`. `legal` is what the view's seat may do now (it tells whether
    /// VAR was already used in this move). `None` when the view does not
    /// add up to the card set.
    pub fn from_view(
        view: &StadiumMemoryView,
        rules: &HouseRules,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<StadiumMemory> {
        let cards = view.cards.clone();
        let n = view.seats();
        let seat = view.seat;
        if !(2..=MAX_SEATS).contains(&n) || seat.index() >= n {
            return None;
        }
        // What lies where, as far as the view knows.
        let mut grid: Vec<Option<Card>> = Vec::with_capacity(view.grid.len());
        let mut unknown: Vec<usize> = Vec::new();
        let mut seen: Vec<Option<Card>> = vec![None; view.grid.len()];
        for r in view.reveals.iter().chain(&view.peeks) {
            if let Some(s) = seen.get_mut(r.pos.index()) {
                *s = Some(r.card);
            }
        }
        for (i, spot) in view.grid.iter().enumerate() {
            match spot {
                Spot::Empty => grid.push(None),
                Spot::FaceUp(c) => grid.push(Some(*c)),
                Spot::FaceDown => match seen.get(i).copied().flatten() {
                    Some(c) => grid.push(Some(c)),
                    None => {
                        grid.push(None);
                        unknown.push(i);
                    }
                },
            }
        }
        // The cards of the game not placed: two of each player in play,
        // the dealt prizes, less what is held, discarded or on the grid.
        let players = cards.players.len();
        let mut player_left = vec![2i32; players];
        let mut prizes_left = [0i32; 4];
        for p in Prize::ALL {
            prizes_left[p.index()] = i32::from(rules.dealt_prizes().get(p));
        }
        let mut place = |c: Card, k: i32| match c {
            Card::Player(p) => {
                if let Some(x) = player_left.get_mut(usize::from(p)) {
                    *x -= k;
                }
            }
            Card::Prize(p) => prizes_left[p.index()] -= k,
        };
        for c in grid.iter().flatten() {
            place(*c, 1);
        }
        for h in &view.holdings {
            for &p in &h.pairs {
                place(Card::Player(p), 2);
            }
            for p in Prize::ALL {
                place(Card::Prize(p), i32::from(h.prizes.get(p)));
            }
        }
        for p in Prize::ALL {
            place(Card::Prize(p), i32::from(view.discard.get(p)));
        }
        if player_left.iter().chain(&prizes_left).any(|&k| k < 0) {
            return None;
        }
        let mut pool: Vec<Card> = Vec::with_capacity(unknown.len());
        let mut untouched: Vec<PlayerId> = Vec::new();
        for (i, &k) in player_left.iter().enumerate() {
            let id = PlayerId::try_from(i).ok()?;
            match k {
                1 => pool.push(Card::Player(id)),
                2 => untouched.push(id),
                _ => {}
            }
        }
        for p in Prize::ALL {
            for _ in 0..prizes_left[p.index()] {
                pool.push(Card::Prize(p));
            }
        }
        // Players never seen fill the rest in pairs; when fewer pairs are
        // dealt than the set holds, which of them are in play is hidden too.
        let room = unknown.len().checked_sub(pool.len())?;
        if room % 2 != 0 || room / 2 > untouched.len() {
            return None;
        }
        untouched.shuffle(rng);
        for &p in untouched.iter().take(room / 2) {
            pool.push(Card::Player(p));
            pool.push(Card::Player(p));
        }
        pool.shuffle(rng);
        for (&i, c) in unknown.iter().zip(pool) {
            if let Some(cell) = grid.get_mut(i) {
                *cell = Some(c);
            }
        }
        // The cards up in this move, in the order they were turned: the
        // latest public reveals of face-up seats.
        let mut up: [Option<Pos>; 2] = [None, None];
        let face_up: Vec<usize> = view
            .grid
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Spot::FaceUp(_)))
            .map(|(i, _)| i)
            .collect();
        let mut order: Vec<Pos> = Vec::new();
        for r in view.reveals.iter().rev() {
            if face_up.contains(&r.pos.index()) && !order.contains(&r.pos) {
                order.push(r.pos);
            }
            if order.len() == face_up.len() {
                break;
            }
        }
        order.reverse();
        for (slot, pos) in up.iter_mut().zip(order) {
            *slot = Some(pos);
        }
        let mut auto_pass = SeatSet::EMPTY;
        for (i, on) in view.auto_pass.iter().enumerate() {
            if *on {
                auto_pass = auto_pass.with(Seat(i as u8));
            }
        }
        let last_peek = view.peeks.last().map(|p| p.pos);
        let phase = match &view.step {
            Step::FirstRoll { rolls } => {
                let mut r = [0u8; MAX_SEATS];
                for (slot, v) in r.iter_mut().zip(rolls) {
                    *slot = v.unwrap_or(0);
                }
                Phase::FirstRoll {
                    rolls: r,
                    contenders: SeatSet::all(n),
                }
            }
            Step::Window { moment, .. } => Phase::Window(*moment),
            Step::Move => Phase::Move,
            Step::Second => Phase::Second,
            Step::Peek { looked } => Phase::Peek {
                first: if *looked > 0 { last_peek } else { None },
            },
            Step::Match {
                challenger,
                opponent,
                challenger_roll,
            } => Phase::Match {
                challenger: *challenger,
                opponent: *opponent,
                first_roll: *challenger_roll,
            },
            Step::Take { winner, loser } => Phase::Take {
                challenger: view.current,
                winner: *winner,
                loser: *loser,
            },
            Step::Over => Phase::Over,
        };
        let on_table = grid.iter().filter(|c| c.is_some()).count();
        let mut discard_count = [0u32; 4];
        for p in Prize::ALL {
            discard_count[p.index()] = u32::from(view.discard.get(p));
        }
        let mut g = StadiumMemory {
            cards,
            rules: rules.clone(),
            seats: n as u8,
            rng: GameRng::seed_from_u64(rng.random()),
            dice: Vec::new(),
            grid,
            up,
            on_table: u16::try_from(on_table).ok()?,
            holdings: BySeat::from_fn(n, |s| {
                view.holdings.get(s.index()).cloned().unwrap_or_default()
            }),
            discard: view.discard,
            yellows: BySeat::from_fn(n, |s| view.yellows.get(s.index()).copied().unwrap_or(0)),
            reveals: view.reveals.clone(),
            peeks: BySeat::from_fn(n, |s| {
                if s == seat {
                    view.peeks.clone()
                } else {
                    Vec::new()
                }
            }),
            current: view.current,
            phase,
            window: None,
            auto_pass,
            var_used: false,
            any_moment: view.any_moment,
            sits_out: Seat::all(n)
                .filter(|s| view.sits_out.get(s.index()) == Some(&true))
                .fold(SeatSet::EMPTY, SeatSet::with),
            turns: view.turns,
            prizes_played: discard_count,
            outcome: view.outcome.clone(),
        };
        // Whether VAR was used in this move shows only in what the mover may
        // do (no second VAR, no PLAY GAME): take the reading that gives the
        // seat's own options.
        g.var_used = matches!(g.phase, Phase::Peek { .. });
        if view.current == seat && matches!(g.phase, Phase::Move) && !legal.is_empty() {
            let mut options = Vec::new();
            g.legal_actions(seat, &mut options);
            if options != legal {
                g.var_used = true;
            }
        }
        if let Step::Window {
            asking: Some(asking),
            ..
        } = view.step
        {
            // The window walks from the mover; seats before the one asked
            // have had their turn.
            let mut candidates = SeatSet::EMPTY;
            let mut s = asking;
            while s != view.current {
                candidates = candidates.with(s);
                s = s.step(n, true);
            }
            g.window = Some(Window::open(view.current, n, true, candidates, |s| {
                g.can_respond(s)
            }));
        }
        Some(g)
    }
}

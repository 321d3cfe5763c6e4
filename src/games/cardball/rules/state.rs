//! The Cardball match state and its rules.

use super::CardballError;
use super::action::Action;
use super::cards::{ActionId, ActionOutcome, CardId, CardSet, Mark, Payload, Plain, ZoneClass};
use super::config::*;
use super::event::Event;
use super::round::*;
use super::view::{CardballView, Step};
use crate::engine::{BySeat, Game, GameRng, Outcome, Seat, SeatSet, ToAct};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The step the match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The caller names an icon for the roll.
    Call(Roll),
    /// The die is in the air: chance decides.
    Roll(Roll),
    /// The touchline window: `asking` may use a The Manager card.
    Touchline {
        /// The seat asked.
        asking: Seat,
        /// Seats that passed since the last card was used.
        passed: SeatSet,
    },
    /// Both sides place a card face down.
    Pick,
    /// The match is over.
    Over,
}

/// An exact position to start from (scenarios, worked examples): every
/// list is validated by [`Cardball::from_setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Each seat's hand.
    pub hands: Vec<Vec<CardId>>,
    /// Each seat's bench, top card first.
    pub benches: Vec<Vec<CardId>>,
    /// The draw pile's top cards, top first.
    pub pile: Vec<CardId>,
    /// Cards played in earlier rounds (face up).
    pub played: Vec<CardId>,
    /// Used The Manager cards, cards put aside, and 2v2 cards not dealt.
    pub out: Vec<CardId>,
    /// The Action deck's top cards, top first.
    pub action_deck: Vec<ActionId>,
    /// The Action discard.
    pub action_discard: Vec<ActionId>,
    /// Where cards not listed go: `true` out of play, `false` shuffled
    /// under the listed pile (Manager cards) or Action deck.
    pub rest_out: bool,
    /// The ball's zone (1-7).
    pub ball: u8,
    /// Who has the ball.
    pub possession: Option<Side>,
    /// Goals, left then right.
    pub score: [u32; 2],
    /// The period being played.
    pub period: Option<Period>,
    /// Who had the first kick-off; `None` starts with the kick-off roll.
    pub kicked_off: Option<Side>,
    /// In the shoot-out: who shoots first, and the kicks so far.
    pub shootout_first: Option<Side>,
    /// In the shoot-out: the kicks so far (scored or not).
    pub kicks: Vec<bool>,
    /// Die faces (1-6) the next rolls show, in order, before the RNG takes
    /// over: a loaded die for worked examples.
    pub dice: Vec<u8>,
    /// 2v2 switching: which member (0 or 1) of each side plays next.
    pub next_member: [u8; 2],
}

/// A Cardball match.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cardball {
    pub(super) cards: Arc<CardSet>,
    pub(super) config_flags: Flags,
    pub(super) rng: GameRng,
    pub(super) dice: Vec<u8>,
    pub(super) hands: BySeat<Vec<CardId>>,
    /// Face down; the top is the last element.
    pub(super) benches: BySeat<Vec<CardId>>,
    /// Face down; the top is the last element.
    pub(super) pile: Vec<CardId>,
    /// Round cards, face up.
    pub(super) played: Vec<CardId>,
    /// Used The Manager cards, cards put aside, and 2v2 cards not dealt.
    pub(super) out: Vec<CardId>,
    pub(super) picks: BySeat<Option<CardId>>,
    /// How each face-down pick reads the half-way line (`None`: printed).
    pub(super) readings: BySeat<Option<ZoneClass>>,
    /// Face down; the top is the last element.
    pub(super) action_deck: Vec<ActionId>,
    pub(super) action_discard: Vec<ActionId>,
    pub(super) ball: u8,
    pub(super) possession: Side,
    pub(super) score: [u32; 2],
    pub(super) period: Period,
    pub(super) phase: Phase,
    pub(super) kicked_off: Option<Side>,
    pub(super) next_member: [u8; 2],
    /// Goalless golden-goal games so far.
    pub(super) golden_restarts: u32,
    pub(super) round: u32,
    pub(super) turns: u32,
    pub(super) last: Option<RoundReport>,
    pub(super) last_roll: Option<Event>,
    pub(super) shootout: Option<Shootout>,
    pub(super) outcome: Option<Outcome>,
}

/// The configuration a match keeps (the card set is kept separately).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flags {
    /// How a level match is decided.
    pub tie_break: TieBreak,
    /// Two halves.
    pub halves: bool,
    /// 2v2 and how teams choose.
    pub teams: Option<TeamPlay>,
    /// Calls are asked.
    pub ask_calls: bool,
    /// The house rules agreed (all off: the rulebook's text).
    pub house: HouseRules,
}

/// The engine's event sink for this game's events (a list, or
/// [`NoLog`] on the fast path).
trait Sink: crate::engine::Sink<Event> {}

impl<T: crate::engine::Sink<Event>> Sink for T {}

use crate::engine::NoLog;

fn remove_card(v: &mut Vec<CardId>, card: CardId) -> bool {
    match v.iter().position(|&c| c == card) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

/// Moves `zone` by `steps` toward the goal `side` attacks (backward for
/// negative steps), stopping in the boxes (1..=7).
fn step_zone(zone: u8, side: Side, steps: i8) -> u8 {
    let z = i16::from(zone) + i16::from(side.forward()) * i16::from(steps);
    z.clamp(1, 7) as u8
}

impl Cardball {
    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The match options.
    pub fn flags(&self) -> Flags {
        self.config_flags
    }

    /// The step the match is in.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's bench, top card last.
    pub fn bench(&self, seat: Seat) -> &[CardId] {
        self.benches.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's face-down pick, if placed.
    pub fn pick(&self, seat: Seat) -> Option<CardId> {
        self.picks.get(seat).copied().flatten()
    }

    /// The draw pile, top card last.
    pub fn pile(&self) -> &[CardId] {
        &self.pile
    }

    /// Round cards played so far (face up).
    pub fn played(&self) -> &[CardId] {
        &self.played
    }

    /// Used The Manager cards, cards put aside, and 2v2 cards not dealt.
    pub fn out_of_play(&self) -> &[CardId] {
        &self.out
    }

    /// The Action deck, top card last.
    pub fn action_deck(&self) -> &[ActionId] {
        &self.action_deck
    }

    /// The Action discard.
    pub fn action_discard(&self) -> &[ActionId] {
        &self.action_discard
    }

    /// The ball's zone (0-8).
    pub fn ball(&self) -> u8 {
        self.ball
    }

    /// Who has the ball.
    pub fn possession(&self) -> Side {
        self.possession
    }

    /// Goals, left then right.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// The period being played.
    pub fn period(&self) -> Period {
        self.period
    }

    /// Who had the first kick-off of the match.
    pub fn kicked_off(&self) -> Option<Side> {
        self.kicked_off
    }

    /// The shoot-out, once it has started.
    pub fn shootout(&self) -> Option<&Shootout> {
        self.shootout.as_ref()
    }

    /// The last round's revealed cards.
    pub fn last_round(&self) -> Option<&RoundReport> {
        self.last.as_ref()
    }

    /// Rounds played in the current period.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The zone class of the ball for the side with the ball.
    pub fn zone_class(&self) -> ZoneClass {
        let d = match self.possession {
            Side::Left => self.ball,
            Side::Right => 8u8.saturating_sub(self.ball),
        };
        ZoneClass::at_distance(d)
    }

    /// Every Manager card's place (hands, benches, picks, pile, played,
    /// out), for conservation checks.
    pub fn all_card_places(&self) -> Vec<CardId> {
        let mut v = Vec::new();
        for h in self.hands.values() {
            v.extend(h);
        }
        for b in self.benches.values() {
            v.extend(b);
        }
        v.extend(self.picks.values().flatten());
        v.extend(&self.pile);
        v.extend(&self.played);
        v.extend(&self.out);
        v
    }

    /// Every Action card's place.
    pub fn all_action_places(&self) -> Vec<ActionId> {
        let mut v = self.action_deck.clone();
        v.extend(&self.action_discard);
        v
    }

    /// A copy in which everything `seat` cannot see is dealt again at random
    /// (other hands, every bench, the draw pile, others' face-down picks and
    /// the Action deck order), keeping every size. Search bots use it to
    /// imagine hidden cards; tests use it to show views leak nothing.
    ///
    /// The rules reveal one thing about other hands: who holds a The Manager
    /// card (the touchline window asks only them) and who holds a player
    /// card (only they pick). A deal that contradicts this is drawn again;
    /// after a few tries the other hands are kept as they are.
    pub fn resample_hidden(&self, seat: Seat, rng: &mut impl rand::Rng) -> Cardball {
        let facts = |g: &Cardball| -> Vec<(bool, bool)> {
            Seat::all(g.n())
                .map(|s| (g.has_manager(s), g.has_player(s)))
                .collect()
        };
        let want = facts(self);
        for _ in 0..200 {
            let g = self.resample_once(seat, rng, true);
            if facts(&g) == want {
                return g;
            }
        }
        self.resample_once(seat, rng, false)
    }

    fn resample_once(&self, seat: Seat, rng: &mut impl rand::Rng, hands: bool) -> Cardball {
        let mut g = self.clone();
        let mut pool: Vec<CardId> = Vec::new();
        let others = |s: Seat| s != seat && hands;
        for (s, h) in g.hands.iter() {
            if others(s) {
                pool.extend(h);
            }
        }
        for b in g.benches.values() {
            pool.extend(b);
        }
        for (s, p) in g.picks.iter() {
            if others(s) {
                pool.extend(p);
            }
        }
        pool.extend(&g.pile);
        pool.shuffle(rng);
        let mut take = |n: usize| -> Vec<CardId> {
            let k = n.min(pool.len());
            pool.split_off(pool.len() - k)
        };
        for s in Seat::all(self.seat_count()) {
            if others(s) {
                let n = g.hands[s].len();
                g.hands[s] = take(n);
                if g.picks[s].is_some() {
                    g.picks[s] = take(1).first().copied();
                }
            }
            let n = g.benches[s].len();
            g.benches[s] = take(n);
        }
        let n = g.pile.len();
        g.pile = take(n);
        g.action_deck.shuffle(rng);
        g.rng = GameRng::seed_from_u64(rng.random());
        g.dice.clear();
        g
    }

    fn n(&self) -> usize {
        self.hands.len()
    }

    /// The seats of a side, lower first.
    pub fn members(&self, side: Side) -> impl Iterator<Item = Seat> + use<> {
        Seat::all(self.n()).filter(move |s| Side::of(*s) == side)
    }

    fn has_player(&self, seat: Seat) -> bool {
        self.hand(seat).iter().any(|&c| self.cards.is_player(c))
    }

    fn has_manager(&self, seat: Seat) -> bool {
        self.hand(seat).iter().any(|&c| self.cards.is_manager(c))
    }

    fn side_has_player(&self, side: Side) -> bool {
        self.members(side).any(|s| self.has_player(s))
    }

    fn side_has_cards(&self, side: Side) -> bool {
        self.members(side).any(|s| !self.hand(s).is_empty())
    }

    /// The seat that placed a card for `side` this round.
    fn side_pick(&self, side: Side) -> Option<(Seat, CardId)> {
        self.members(side)
            .find_map(|s| self.pick(s).map(|c| (s, c)))
    }

    /// Seats of `side` that may place the side's card now.
    fn side_pickers(&self, side: Side) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        if self.side_pick(side).is_some() {
            return set;
        }
        let members: Vec<Seat> = self.members(side).collect();
        let able: Vec<Seat> = members
            .iter()
            .copied()
            .filter(|s| self.has_player(*s))
            .collect();
        match self.config_flags.teams {
            Some(TeamPlay::Switching) => {
                let want = members.get(usize::from(self.next_member[side.index()] % 2));
                match want {
                    Some(s) if able.contains(s) => set = set.with(*s),
                    _ => {
                        if let Some(s) = able.first() {
                            set = set.with(*s);
                        }
                    }
                }
            }
            _ => {
                for s in able {
                    set = set.with(s);
                }
            }
        }
        set
    }

    fn pickers(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for side in Side::BOTH {
            for s in self.side_pickers(side).iter() {
                set = set.with(s);
            }
        }
        set
    }

    /// The touchline window's asking order: the side with the ball first,
    /// then alternating sides.
    fn window_order(&self) -> Vec<Seat> {
        let a: Vec<Seat> = self.members(self.possession).collect();
        let d: Vec<Seat> = self.members(self.possession.other()).collect();
        let mut out = Vec::new();
        for i in 0..a.len().max(d.len()) {
            out.extend(a.get(i));
            out.extend(d.get(i));
        }
        out
    }

    /// The next seat to ask in the window, starting at `from` (inclusive
    /// when `include`), skipping seats without a The Manager card and seats
    /// that passed.
    fn next_asker(&self, from: Option<Seat>, include: bool, passed: SeatSet) -> Option<Seat> {
        let order = self.window_order();
        let start = from
            .and_then(|f| order.iter().position(|s| *s == f))
            .map_or(0, |i| if include { i } else { i + 1 });
        (0..order.len())
            .map(|k| order[(start + k) % order.len()])
            .find(|s| !passed.contains(*s) && self.has_manager(*s))
    }

    /// Whether a pick may choose how its card reads the half-way line: the
    /// ball is on the line in a round and the house rule
    /// [`HouseRules::printed_halfway`] is off.
    pub fn halfway_choice(&self) -> bool {
        self.period != Period::Penalties
            && !self.config_flags.house.printed_halfway
            && self.zone_class() == ZoneClass::Halfway
    }

    /// The readings of the half-way line (`own_half`, `opp_half`) that
    /// `card` offers `seat` besides its printed `halfway` effect: those whose
    /// effect, in the half the seat plays (top when its side has the ball),
    /// differs from the printed one and from each other. Empty when no
    /// choice is open.
    pub fn halfway_readings(&self, seat: Seat, card: CardId) -> Vec<ZoneClass> {
        halfway_readings(
            &self.cards,
            self.halfway_choice(),
            Side::of(seat) == self.possession,
            card,
        )
    }

    fn must_use_manager(&self, seat: Seat) -> bool {
        !self.hand(seat).is_empty() && !self.has_player(seat)
    }

    // ----- setup -----

    fn blank(config: &CardballConfig, seed: u64) -> Result<Cardball, CardballError> {
        let n = config.seats();
        if config.cards.actions.is_empty() && config.cards.managers.iter().any(|c| c.is_manager()) {
            return Err(CardballError::Config(
                "the set has The Manager cards but no Action cards".into(),
            ));
        }
        Ok(Cardball {
            cards: config.cards.clone(),
            config_flags: Flags {
                tie_break: config.tie_break,
                halves: config.halves,
                teams: config.teams,
                ask_calls: config.ask_calls,
                house: config.house,
            },
            rng: GameRng::seed_from_u64(seed),
            dice: Vec::new(),
            hands: BySeat::from_fn(n, |_| Vec::new()),
            benches: BySeat::from_fn(n, |_| Vec::new()),
            pile: Vec::new(),
            played: Vec::new(),
            out: Vec::new(),
            picks: BySeat::from_fn(n, |_| None),
            readings: BySeat::from_fn(n, |_| None),
            action_deck: Vec::new(),
            action_discard: Vec::new(),
            ball: 4,
            possession: Side::Left,
            score: [0, 0],
            period: Period::Match,
            phase: Phase::Pick,
            kicked_off: None,
            next_member: [0, 0],
            golden_restarts: 0,
            round: 0,
            turns: 0,
            last: None,
            last_roll: None,
            shootout: None,
            outcome: None,
        })
    }

    fn check_deal_size(config: &CardballConfig) -> Result<(), CardballError> {
        let (h, b) = config.deal_sizes();
        let need = config.seats() * (h + b);
        let team_cards = config.team_cards();
        let dealt = config
            .cards
            .managers
            .iter()
            .filter(|c| team_cards || !c.team)
            .count();
        if dealt < need {
            return Err(CardballError::Config(
                if config.teams.is_some() && team_cards {
                    format!(
                        "the set has {dealt} Manager cards for 2v2; dealing {h} to hand and {b} to the bench for four managers needs {need} (add 2v2 cards, or agree the house rule short_team_bench)"
                    )
                } else {
                    format!("the set has {dealt} Manager cards; the deal needs {need}")
                },
            ));
        }
        let players = config
            .cards
            .managers
            .iter()
            .filter(|c| !c.is_manager() && (team_cards || !c.team))
            .count();
        if players < 2 * SHOOTOUT_CARDS + 4 {
            return Err(CardballError::Config(format!(
                "the set has {players} player cards; a shoot-out needs at least {}",
                2 * SHOOTOUT_CARDS + 4
            )));
        }
        Ok(())
    }

    /// Whether the set's 2v2 cards are in this match.
    fn team_cards(&self) -> bool {
        self.config_flags.teams.is_some() && !self.config_flags.house.short_team_bench
    }

    /// Every Manager card this match deals, and the 2v2 cards a duel (or a
    /// 2v2 with short benches) leaves out of play.
    fn deal_pool(&self) -> (Vec<CardId>, Vec<CardId>) {
        let team = self.team_cards();
        (0..self.cards.len() as CardId).partition(|&c| team || !self.cards.is_team(c))
    }

    /// Gathers every Manager and Action card, shuffles and deals as in 6.1.
    fn redeal(&mut self, log: &mut impl Sink) {
        let (mut all, aside) = self.deal_pool();
        all.shuffle(&mut self.rng);
        for h in self.hands.values_mut() {
            h.clear();
        }
        for b in self.benches.values_mut() {
            b.clear();
        }
        for p in self.picks.values_mut() {
            *p = None;
        }
        for r in self.readings.values_mut() {
            *r = None;
        }
        self.played.clear();
        self.out = aside;
        let (hand, bench) = deal_sizes(self.config_flags.teams.is_some(), &self.config_flags.house);
        for s in Seat::all(self.n()) {
            let k = hand.min(all.len());
            self.hands[s] = all.split_off(all.len() - k);
            let k = bench.min(all.len());
            self.benches[s] = all.split_off(all.len() - k);
        }
        self.pile = all;
        let mut actions: Vec<ActionId> = (0..self.cards.actions.len() as ActionId).collect();
        actions.shuffle(&mut self.rng);
        self.action_deck = actions;
        self.action_discard.clear();
        self.next_member = [0, 0];
        self.round = 0;
        self.last = None;
        let period = self.period;
        log.push(|| Event::Dealt { period });
    }

    /// Starts a match at an exact position.
    pub fn from_setup(
        config: &CardballConfig,
        setup: &Setup,
        seed: u64,
    ) -> Result<Cardball, CardballError> {
        let mut g = Cardball::blank(config, seed)?;
        let n = g.n();
        let bad = |m: String| Err(CardballError::Config(m));
        if setup.hands.len() > n || setup.benches.len() > n {
            return bad(format!("{n} seats, but more hands or benches are given"));
        }
        let mut seen = vec![false; g.cards.len()];
        let mut place = |c: CardId| -> Result<(), CardballError> {
            match seen.get_mut(usize::from(c)) {
                Some(x) if !*x => {
                    *x = true;
                    Ok(())
                }
                Some(_) => Err(CardballError::Config(format!(
                    "{} is placed twice",
                    config.cards.name(c)
                ))),
                None => Err(CardballError::Config(format!("no card number {c}"))),
            }
        };
        for (i, h) in setup.hands.iter().enumerate() {
            for &c in h {
                place(c)?;
            }
            g.hands[Seat(i as u8)] = h.clone();
        }
        for (i, b) in setup.benches.iter().enumerate() {
            for &c in b {
                place(c)?;
            }
            g.benches[Seat(i as u8)] = b.iter().rev().copied().collect();
        }
        for &c in setup.pile.iter().chain(&setup.played).chain(&setup.out) {
            place(c)?;
        }
        let (pool, aside) = g.deal_pool();
        let mut rest: Vec<CardId> = pool
            .into_iter()
            .filter(|c| !seen[usize::from(*c)])
            .collect();
        rest.shuffle(&mut g.rng);
        g.played = setup.played.clone();
        g.out = setup.out.clone();
        g.out
            .extend(aside.into_iter().filter(|c| !seen[usize::from(*c)]));
        g.pile = setup.pile.iter().rev().copied().collect();
        if setup.rest_out {
            g.out.extend(rest);
        } else {
            let listed = std::mem::take(&mut g.pile);
            g.pile = rest;
            g.pile.extend(listed);
        }
        let mut aseen = vec![false; g.cards.actions.len()];
        for &a in setup.action_deck.iter().chain(&setup.action_discard) {
            match aseen.get_mut(usize::from(a)) {
                Some(x) if !*x => *x = true,
                _ => {
                    return bad(format!(
                        "Action card {} is placed twice or does not exist",
                        config.cards.action_name(a)
                    ));
                }
            }
        }
        let mut arest: Vec<ActionId> = (0..g.cards.actions.len() as ActionId)
            .filter(|a| !aseen[usize::from(*a)])
            .collect();
        arest.shuffle(&mut g.rng);
        g.action_discard = setup.action_discard.clone();
        if setup.rest_out {
            g.action_discard.extend(arest);
            g.action_deck = setup.action_deck.iter().rev().copied().collect();
        } else {
            g.action_deck = arest;
            g.action_deck.extend(setup.action_deck.iter().rev());
        }
        if setup.dice.iter().any(|f| !(1..=6).contains(f)) {
            return bad("die faces are 1-6".into());
        }
        g.dice = setup.dice.clone();
        g.score = setup.score;
        g.period = setup.period.unwrap_or(Period::Match);
        g.next_member = [setup.next_member[0] % 2, setup.next_member[1] % 2];
        g.kicked_off = setup.kicked_off;
        g.possession = setup.possession.or(setup.kicked_off).unwrap_or(Side::Left);
        g.ball = if setup.ball == 0 { 4 } else { setup.ball };
        if !(1..=7).contains(&g.ball) {
            return bad(format!("the ball rests on zones 1-7, not {}", g.ball));
        }
        if g.period == Period::Penalties {
            let shootout = Shootout {
                first: setup.shootout_first,
                kicks: setup.kicks.clone(),
                pending: None,
            };
            let first = shootout.first;
            let decided = first.and(shootout.winner());
            g.shootout = Some(shootout);
            match (first, decided) {
                (None, _) => g.start_roll(Side::Left, RollFor::FirstShooter),
                (Some(_), Some(side)) => {
                    let winners: Vec<Seat> = g.members(side).collect();
                    g.finish(winners, "penalties", &mut NoLog);
                }
                (Some(_), None) => g.next_kick(&mut NoLog),
            }
        } else if g.kicked_off.is_none() {
            g.start_roll(Side::Left, RollFor::KickOff);
        } else {
            g.start_round(&mut NoLog);
        }
        Ok(g)
    }

    // ----- flow -----

    fn start_roll(&mut self, roller: Side, purpose: RollFor) {
        let roll = Roll {
            purpose,
            roller,
            call: self.cards.die.default_call,
        };
        self.phase = if self.config_flags.ask_calls {
            Phase::Call(roll)
        } else {
            Phase::Roll(roll)
        };
    }

    fn roll_die(&mut self, roll: Roll, log: &mut impl Sink) {
        let face = if self.dice.is_empty() {
            self.rng.random_range(1..=6u8)
        } else {
            self.dice.remove(0)
        };
        let shown = self.cards.die.face_icon(face);
        let winner = if shown == roll.call {
            roll.caller()
        } else {
            roll.roller
        };
        let ev = Event::Rolled {
            purpose: roll.purpose,
            roller: roll.roller,
            call: roll.call,
            face,
            winner,
        };
        self.last_roll = Some(ev.clone());
        log.push(|| ev);
        match roll.purpose {
            RollFor::KickOff => {
                if self.kicked_off.is_none() {
                    self.kicked_off = Some(winner);
                }
                self.kick_off(winner, log);
            }
            RollFor::FirstShooter => {
                if let Some(s) = self.shootout.as_mut() {
                    s.first = Some(winner);
                }
                self.next_kick(log);
            }
            RollFor::Dilemma => {
                let attacker = self.possession;
                if winner == attacker {
                    let payload = self
                        .last
                        .and_then(|r| {
                            self.cards
                                .card(r.attack)
                                .map(|c| c.top(r.attack_class).payload)
                        })
                        .unwrap_or(Payload::Hold);
                    self.round_won(attacker, RoundResult::Die, log);
                    self.attacker_wins(payload, log);
                } else {
                    self.round_won(attacker.other(), RoundResult::Die, log);
                    self.turnover(log);
                }
                self.end_round(log);
            }
            RollFor::Action {
                user,
                card: _,
                win,
                lose,
            } => {
                let side = Side::of(user);
                self.apply_plain(side, if winner == side { win } else { lose }, log);
                self.after_manager(user, log);
            }
            RollFor::Penalty => {
                let k = self.shootout.as_ref().map_or(0, |s| s.kicks.len());
                let shooter = self.shootout.as_ref().map_or(Side::Left, |s| s.shooter(k));
                let (shot, save) = self
                    .shootout
                    .as_mut()
                    .and_then(|s| s.pending.take())
                    .unwrap_or((0, 0));
                let scored = winner == shooter;
                log.push(|| Event::Kick {
                    shooter,
                    shot,
                    save,
                    scored: Some(scored),
                });
                self.record_kick(scored, log);
            }
        }
    }

    fn kick_off(&mut self, side: Side, log: &mut impl Sink) {
        self.possession = side;
        self.ball = 4;
        log.push(|| Event::KickOff { side });
        self.start_round(log);
    }

    fn start_round(&mut self, log: &mut impl Sink) {
        if self.outcome.is_some() {
            return;
        }
        if Side::BOTH.iter().any(|s| !self.side_has_cards(*s)) {
            self.full_time(log);
            return;
        }
        match self.next_asker(None, true, SeatSet::EMPTY) {
            Some(asking) => {
                self.phase = Phase::Touchline {
                    asking,
                    passed: SeatSet::EMPTY,
                }
            }
            None => self.begin_pick(log),
        }
    }

    fn begin_pick(&mut self, log: &mut impl Sink) {
        if Side::BOTH.iter().any(|s| !self.side_has_player(*s)) {
            self.full_time(log);
            return;
        }
        self.phase = Phase::Pick;
    }

    fn after_manager(&mut self, user: Seat, log: &mut impl Sink) {
        let card = self.pile.pop();
        if let Some(c) = card {
            self.hands[user].push(c);
        }
        log.push(|| Event::Replaced { seat: user, card });
        if self.outcome.is_some() {
            return;
        }
        match self.next_asker(Some(user), true, SeatSet::EMPTY) {
            Some(asking) => {
                self.phase = Phase::Touchline {
                    asking,
                    passed: SeatSet::EMPTY,
                }
            }
            None => self.begin_pick(log),
        }
    }

    fn use_manager(&mut self, seat: Seat, card: CardId, log: &mut impl Sink) {
        remove_card(&mut self.hands[seat], card);
        self.out.push(card);
        if self.action_deck.is_empty() {
            self.action_deck = std::mem::take(&mut self.action_discard);
            self.action_deck.shuffle(&mut self.rng);
        }
        let Some(action) = self.action_deck.pop() else {
            self.after_manager(seat, log);
            return;
        };
        self.action_discard.push(action);
        log.push(|| Event::UsedManager { seat, card, action });
        let outcome = self
            .cards
            .action(action)
            .map_or(ActionOutcome::Plain(Plain::Nothing), |a| a.outcome);
        match outcome {
            ActionOutcome::Plain(p) => {
                self.apply_plain(Side::of(seat), p, log);
                self.after_manager(seat, log);
            }
            // The rulebook: "attacking manager rolls the dice and defending
            // manager calls", whoever drew the card.
            ActionOutcome::Fifty(win, lose) => self.start_roll(
                self.possession,
                RollFor::Action {
                    user: seat,
                    card: action,
                    win,
                    lose,
                },
            ),
        }
    }

    fn set_possession(&mut self, side: Side, log: &mut impl Sink) {
        if self.possession != side {
            self.possession = side;
            log.push(|| Event::Possession { side });
        }
    }

    fn move_ball(&mut self, to: u8, log: &mut impl Sink) {
        let from = self.ball;
        if from != to {
            self.ball = to;
            log.push(|| Event::BallMoved { from, to });
        }
    }

    fn apply_plain(&mut self, user: Side, p: Plain, log: &mut impl Sink) {
        log.push(|| Event::ActionResolved { user, outcome: p });
        match p {
            Plain::Nothing => {}
            Plain::Gain => self.set_possession(user, log),
            Plain::Lose => self.set_possession(user.other(), log),
            Plain::Advance(n) => {
                self.set_possession(user, log);
                self.move_ball(step_zone(self.ball, user, n as i8), log);
            }
            Plain::Retreat(n) => {
                self.set_possession(user, log);
                self.move_ball(step_zone(self.ball, user, -(n as i8)), log);
            }
            Plain::Halfway => self.move_ball(4, log),
            Plain::Goal => self.goal(user, log),
            Plain::Save => {
                let opp = user.other();
                self.set_possession(opp, log);
                self.move_ball(opp.own_box(), log);
            }
            Plain::Concede => self.goal(user.other(), log),
        }
    }

    fn goal(&mut self, side: Side, log: &mut impl Sink) {
        self.score[side.index()] += 1;
        let score = self.score;
        log.push(|| Event::Goal { side, score });
        self.ball = 4;
        self.possession = side.other();
        if self.period == Period::GoldenGoal {
            let winners: Vec<Seat> = self.members(side).collect();
            self.finish(winners, "golden_goal", log);
        }
    }

    fn round_won(&mut self, side: Side, result: RoundResult, log: &mut impl Sink) {
        if let Some(r) = self.last.as_mut() {
            r.winner = Some(side);
        }
        log.push(|| Event::RoundWon { side, result });
    }

    fn attacker_wins(&mut self, payload: Payload, log: &mut impl Sink) {
        let att = self.possession;
        match payload {
            Payload::Hold => {}
            Payload::Advance(n) => self.move_ball(step_zone(self.ball, att, n as i8), log),
            Payload::Shoot => self.goal(att, log),
        }
    }

    fn turnover(&mut self, log: &mut impl Sink) {
        let old = self.possession;
        self.set_possession(old.other(), log);
        self.move_ball(step_zone(self.ball, old, -1), log);
    }

    fn reveal(&mut self, log: &mut impl Sink) {
        let att = self.possession;
        let (Some((aseat, acard)), Some((dseat, dcard))) =
            (self.side_pick(att), self.side_pick(att.other()))
        else {
            return;
        };
        for p in self.picks.values_mut() {
            *p = None;
        }
        let reading =
            |g: &mut Cardball, seat: Seat| g.readings.get_mut(seat).and_then(Option::take);
        let (aread, dread) = (reading(self, aseat), reading(self, dseat));
        for r in self.readings.values_mut() {
            *r = None;
        }
        self.played.push(acard);
        self.played.push(dcard);
        if self.config_flags.teams == Some(TeamPlay::Switching) {
            for (side, seat) in [(att, aseat), (att.other(), dseat)] {
                let idx = self.members(side).position(|s| s == seat).unwrap_or(0);
                self.next_member[side.index()] = ((idx + 1) % 2) as u8;
            }
        }
        if self.period == Period::Penalties {
            self.penalty(aseat, acard, dseat, dcard, log);
            return;
        }
        let class = self.zone_class();
        let attack_class = aread.unwrap_or(class);
        let defend_class = dread.unwrap_or(class);
        self.round += 1;
        self.turns += 1;
        self.last = Some(RoundReport {
            round: self.round,
            attacker: aseat,
            attack: acard,
            defender: dseat,
            defend: dcard,
            zone: self.ball,
            class,
            attack_class,
            defend_class,
            winner: None,
        });
        log.push(|| Event::Revealed {
            attacker: aseat,
            attack: acard,
            defender: dseat,
            defend: dcard,
            class,
        });
        for (seat, read) in [(aseat, aread), (dseat, dread)] {
            if let Some(class) = read {
                let half = if class == ZoneClass::OwnHalf {
                    att
                } else {
                    att.other()
                };
                log.push(|| Event::ReadsHalfway { seat, class, half });
            }
        }
        let top = self
            .cards
            .card(acard)
            .map_or(super::Top::NONE, |c| c.top(attack_class));
        let bottom = self
            .cards
            .card(dcard)
            .map_or(Mark::None, |c| c.bottom(defend_class));
        // A round the attacker wins only because a card "takes the ball"
        // says so in the log, not as a stronger mark.
        let house = &self.config_flags.house;
        let by_takes = !house.ranked_marks
            && (top.mark == Mark::Takes || bottom == Mark::Takes)
            && top.mark != Mark::Hundred
            && bottom != Mark::Hundred;
        match decide_with(top.mark, bottom, house) {
            Decision::Attacker => {
                let result = if by_takes {
                    RoundResult::TakesTheBall
                } else {
                    RoundResult::Outright
                };
                self.round_won(att, result, log);
                self.attacker_wins(top.payload, log);
            }
            Decision::Hold => self.round_won(att, RoundResult::Hold, log),
            Decision::Defender => {
                self.round_won(att.other(), RoundResult::Outright, log);
                self.turnover(log);
            }
            Decision::Die => {
                self.start_roll(att, RollFor::Dilemma);
                return;
            }
        }
        self.end_round(log);
    }

    fn end_round(&mut self, log: &mut impl Sink) {
        if self.outcome.is_some() {
            return;
        }
        let players: Vec<Seat> = self
            .last
            .map(|r| vec![r.attacker, r.defender])
            .unwrap_or_default();
        for seat in players {
            if let Some(card) = self.benches[seat].pop() {
                self.hands[seat].push(card);
                log.push(|| Event::BenchDraw { seat, card });
            }
        }
        self.start_round(log);
    }

    fn full_time(&mut self, log: &mut impl Sink) {
        let period = self.period;
        let score = self.score;
        log.push(|| Event::FullTime { period, score });
        let second = self.kicked_off.unwrap_or(Side::Left).other();
        match period {
            Period::Match if self.config_flags.halves => {
                self.period = Period::SecondHalf;
                self.redeal(log);
                self.kick_off(second, log);
            }
            Period::Match | Period::SecondHalf => {
                if score[0] != score[1] {
                    let side = if score[0] > score[1] {
                        Side::Left
                    } else {
                        Side::Right
                    };
                    let winners: Vec<Seat> = self.members(side).collect();
                    self.finish(winners, "full_time", log);
                    return;
                }
                match self.config_flags.tie_break {
                    TieBreak::Draw => self.finish(Vec::new(), "draw", log),
                    TieBreak::GoldenGoal => self.golden_goal(second, log),
                    TieBreak::Penalties => self.start_shootout(log),
                }
            }
            Period::GoldenGoal if self.config_flags.house.golden_goal_then_penalties => {
                self.start_shootout(log)
            }
            Period::GoldenGoal => {
                // "Play until one manager scores": the cards ran out with
                // no goal, so the match restarts again.
                self.golden_restarts += 1;
                if self.golden_restarts >= GOLDEN_GOAL_RESTARTS {
                    self.finish(Vec::new(), "golden_goal_draw", log);
                } else {
                    self.golden_goal(second, log);
                }
            }
            Period::Penalties => {}
        }
    }

    /// Golden goal: "restart the match according to rules" (a fresh deal
    /// and the kick-off roll); under the house rule the manager who did not
    /// have the first kick-off starts with the ball instead.
    fn golden_goal(&mut self, second: Side, log: &mut impl Sink) {
        self.period = Period::GoldenGoal;
        self.redeal(log);
        if self.config_flags.house.golden_goal_then_penalties {
            self.kick_off(second, log);
        } else {
            self.start_roll(Side::Left, RollFor::KickOff);
        }
    }

    /// Draws for the shoot-out: The Manager cards are put aside and
    /// replaced; an empty pile is rebuilt from the shoot-out's used cards.
    fn draw_for_shootout(&mut self, seat: Seat, log: &mut impl Sink) {
        loop {
            if self.pile.is_empty() {
                if self.played.is_empty() {
                    return;
                }
                self.pile = std::mem::take(&mut self.played);
                self.pile.shuffle(&mut self.rng);
            }
            let Some(c) = self.pile.pop() else { return };
            if self.cards.is_manager(c) {
                self.out.push(c);
                log.push(|| Event::PutAside { card: c });
            } else {
                self.hands[seat].push(c);
                return;
            }
        }
    }

    fn start_shootout(&mut self, log: &mut impl Sink) {
        self.period = Period::Penalties;
        let (mut all, aside) = self.deal_pool();
        all.shuffle(&mut self.rng);
        for h in self.hands.values_mut() {
            h.clear();
        }
        for b in self.benches.values_mut() {
            b.clear();
        }
        for r in self.readings.values_mut() {
            *r = None;
        }
        self.played.clear();
        self.out = aside;
        self.pile = all;
        log.push(|| Event::Dealt {
            period: Period::Penalties,
        });
        for side in Side::BOTH {
            let members: Vec<Seat> = self.members(side).collect();
            for k in 0..SHOOTOUT_CARDS {
                if let Some(&seat) = members.get(k % members.len().max(1)) {
                    self.draw_for_shootout(seat, log);
                }
            }
        }
        self.shootout = Some(Shootout {
            first: None,
            kicks: Vec::new(),
            pending: None,
        });
        self.start_roll(Side::Left, RollFor::FirstShooter);
    }

    /// The side shooting the next kick.
    pub fn shooter(&self) -> Option<Side> {
        self.shootout.as_ref().map(|s| s.shooter(s.kicks.len()))
    }

    fn next_kick(&mut self, log: &mut impl Sink) {
        let Some(shooter) = self.shooter() else {
            return;
        };
        let saver = shooter.other();
        self.possession = shooter;
        self.ball = saver.own_box();
        let kicks = self.shootout.as_ref().map_or(0, |s| s.kicks.len());
        if kicks >= 2 * SHOOTOUT_ROUNDS && kicks.is_multiple_of(2) {
            // Before each sudden-death round each side draws two cards.
            if kicks == 2 * SHOOTOUT_ROUNDS {
                log.push(|| Event::SuddenDeath);
            }
            for side in Side::BOTH {
                let members: Vec<Seat> = self.members(side).collect();
                for k in 0..2 {
                    if let Some(&seat) = members.get(k % members.len().max(1)) {
                        self.draw_for_shootout(seat, log);
                    }
                }
            }
        }
        if Side::BOTH.iter().any(|s| !self.side_has_player(*s)) {
            // Only an edited set without enough player cards gets here:
            // the shoot-out cannot go on and the match is shared.
            self.finish(Vec::new(), "penalties", log);
            return;
        }
        self.phase = Phase::Pick;
    }

    fn penalty(
        &mut self,
        aseat: Seat,
        shot: CardId,
        _dseat: Seat,
        save: CardId,
        log: &mut impl Sink,
    ) {
        let shooter = Side::of(aseat);
        let s = self
            .cards
            .card(shot)
            .map_or(Mark::None, |c| c.top(ZoneClass::InsideBox).mark);
        let v = self
            .cards
            .card(save)
            .map_or(Mark::None, |c| c.bottom(ZoneClass::InsideBox));
        let scored = decide_penalty(s, v);
        log.push(|| Event::Kick {
            shooter,
            shot,
            save,
            scored,
        });
        match scored {
            Some(scored) => self.record_kick(scored, log),
            None => {
                if let Some(so) = self.shootout.as_mut() {
                    so.pending = Some((shot, save));
                }
                self.start_roll(shooter, RollFor::Penalty);
            }
        }
    }

    fn record_kick(&mut self, scored: bool, log: &mut impl Sink) {
        self.turns += 1;
        let winner = match self.shootout.as_mut() {
            Some(s) => {
                s.kicks.push(scored);
                s.winner()
            }
            None => None,
        };
        match winner {
            Some(side) => {
                let winners: Vec<Seat> = self.members(side).collect();
                self.finish(winners, "penalties", log);
            }
            None => self.next_kick(log),
        }
    }

    fn finish(&mut self, winners: Vec<Seat>, ending: &str, log: &mut impl Sink) {
        self.phase = Phase::Over;
        let o = Outcome {
            winners,
            ending: ending.to_string(),
        };
        log.push(|| Event::Over {
            winners: o.winners.clone(),
            ending: o.ending.clone(),
        });
        self.outcome = Some(o);
    }

    // ----- checking and applying actions -----

    fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Call(r) => format!("{} calls the die", r.caller()),
            Phase::Roll(_) => "the die is rolling".into(),
            Phase::Touchline { asking, .. } => format!("{asking} may use a The Manager card"),
            Phase::Pick => {
                let seats: Vec<String> = self.pickers().iter().map(|s| s.to_string()).collect();
                format!("{} to pick a card", seats.join(" and "))
            }
            Phase::Over => "the match is over".into(),
        }
    }

    /// The seat asked to call: the calling side's first manager.
    fn caller_seat(&self, roll: &Roll) -> Option<Seat> {
        self.members(roll.caller()).next()
    }

    /// Checks `action` for `seat` without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), CardballError> {
        let text = action.notation(&self.cards);
        let illegal = |rule: &str| {
            Err(CardballError::Illegal {
                action: text.clone(),
                rule: rule.to_string(),
            })
        };
        let not_yours = || {
            Err(CardballError::NotYourTurn {
                action: text.clone(),
                seat,
                waiting: self.waiting_for(),
            })
        };
        if seat.index() >= self.n() {
            return not_yours();
        }
        match (self.phase, action) {
            (Phase::Over, _) => Err(CardballError::Over(text.clone())),
            (Phase::Call(r), Action::Call { icon }) => {
                if self.caller_seat(&r) != Some(seat) {
                    return not_yours();
                }
                if *icon > 1 {
                    return illegal("the die has two icons");
                }
                Ok(())
            }
            (Phase::Call(r), _) => {
                if self.caller_seat(&r) == Some(seat) {
                    illegal("call an icon before the die lands")
                } else {
                    not_yours()
                }
            }
            (Phase::Roll(_), _) => not_yours(),
            (Phase::Touchline { asking, .. }, a) => {
                if asking != seat {
                    return not_yours();
                }
                match a {
                    Action::Pass => {
                        if self.must_use_manager(seat) {
                            illegal("a hand of only The Manager cards must use them")
                        } else {
                            Ok(())
                        }
                    }
                    Action::UseManager { card } => {
                        if !self.hand(seat).contains(card) {
                            illegal("that card is not in your hand")
                        } else if !self.cards.is_manager(*card) {
                            illegal("only The Manager cards are used from the touchline")
                        } else {
                            Ok(())
                        }
                    }
                    Action::Pick { .. } => illegal(
                        "the touchline window is open: use a The Manager card or pass first",
                    ),
                    Action::Call { .. } => illegal("no die is being rolled"),
                }
            }
            (Phase::Pick, Action::Pick { card, reading }) => {
                if !self.pickers().contains(seat) {
                    return not_yours();
                }
                if !self.hand(seat).contains(card) {
                    illegal("that card is not in your hand")
                } else if !self.cards.is_player(*card) {
                    illegal("The Manager cards are never played in a round")
                } else {
                    match reading {
                        None => Ok(()),
                        Some(_) if self.config_flags.house.printed_halfway => illegal(
                            "under the house rule printed_halfway every card reads its printed half-way effect",
                        ),
                        Some(_) if !self.halfway_choice() => illegal(
                            "a card is read as another zone only with the ball on the half-way line",
                        ),
                        Some(z) if !self.halfway_readings(seat, *card).contains(z) => illegal(
                            "that reading is the card's printed half-way effect: pick it without `as`",
                        ),
                        Some(_) => Ok(()),
                    }
                }
            }
            (Phase::Pick, _) => {
                if self.pickers().contains(seat) {
                    illegal("place a card face down")
                } else {
                    not_yours()
                }
            }
        }
    }

    fn apply_inner(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl Sink,
    ) -> Result<(), CardballError> {
        self.check(seat, action)?;
        match (self.phase, *action) {
            (Phase::Call(mut r), Action::Call { icon }) => {
                r.call = icon;
                let side = r.caller();
                log.push(|| Event::Called { side, icon });
                self.phase = Phase::Roll(r);
            }
            (Phase::Touchline { asking, passed }, Action::Pass) => {
                log.push(|| Event::Passed { seat });
                let passed = passed.with(seat);
                match self.next_asker(Some(asking), false, passed) {
                    Some(next) => {
                        self.phase = Phase::Touchline {
                            asking: next,
                            passed,
                        }
                    }
                    None => self.begin_pick(log),
                }
            }
            (Phase::Touchline { .. }, Action::UseManager { card }) => {
                self.use_manager(seat, card, log)
            }
            (Phase::Pick, Action::Pick { card, reading }) => {
                remove_card(&mut self.hands[seat], card);
                self.picks[seat] = Some(card);
                self.readings[seat] = reading;
                log.push(|| Event::Picked { seat });
                if self.pickers().is_empty() {
                    self.reveal(log);
                }
            }
            // `check` accepted only the pairs above.
            _ => {}
        }
        Ok(())
    }

    /// A public description of the step, for views.
    pub(super) fn step(&self) -> Step {
        match self.phase {
            Phase::Call(r) => Step::Call {
                caller: r.caller(),
                purpose: r.purpose,
            },
            Phase::Roll(r) => Step::Roll {
                roller: r.roller,
                purpose: r.purpose,
            },
            Phase::Touchline { asking, .. } => Step::Touchline { asking },
            Phase::Pick => Step::Pick {
                seats: self.pickers(),
            },
            Phase::Over => Step::Over,
        }
    }

    pub(super) fn last_roll(&self) -> Option<&Event> {
        self.last_roll.as_ref()
    }
}

impl Game for Cardball {
    type Config = CardballConfig;
    type Action = Action;
    type View = CardballView;
    type Event = Event;
    type Error = CardballError;

    fn new(config: &CardballConfig, seed: u64) -> Result<Self, CardballError> {
        Cardball::check_deal_size(config)?;
        let mut g = Cardball::blank(config, seed)?;
        g.redeal(&mut NoLog);
        g.start_roll(Side::Left, RollFor::KickOff);
        Ok(g)
    }

    fn seat_count(&self) -> usize {
        self.n()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Roll(_) => ToAct::Chance,
            Phase::Call(r) => match self.caller_seat(&r) {
                Some(s) => ToAct::One(s),
                None => ToAct::Chance,
            },
            Phase::Touchline { asking, .. } => ToAct::One(asking),
            Phase::Pick => ToAct::Simultaneous(self.pickers()),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        let may_act = match self.to_act() {
            ToAct::One(s) => s == seat,
            ToAct::Simultaneous(set) => set.contains(seat),
            _ => false,
        };
        if !may_act {
            return;
        }
        match self.phase {
            Phase::Call(_) => out.extend([Action::Call { icon: 0 }, Action::Call { icon: 1 }]),
            Phase::Touchline { .. } => {
                if !self.must_use_manager(seat) {
                    out.push(Action::Pass);
                }
                for &card in self.hand(seat) {
                    if self.cards.is_manager(card) {
                        out.push(Action::UseManager { card });
                    }
                }
            }
            Phase::Pick => {
                for &card in self.hand(seat) {
                    if self.cards.is_player(card) {
                        out.push(Action::Pick {
                            card,
                            reading: None,
                        });
                        for z in self.halfway_readings(seat, card) {
                            out.push(Action::Pick {
                                card,
                                reading: Some(z),
                            });
                        }
                    }
                }
            }
            Phase::Roll(_) | Phase::Over => {}
        }
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl crate::engine::Sink<Event>,
    ) -> Result<(), CardballError> {
        self.apply_inner(seat, action, log)
    }

    fn resolve_chance(&mut self, events: &mut impl crate::engine::Sink<Event>) {
        if let Phase::Roll(r) = self.phase {
            self.roll_die(r, events);
        }
    }

    fn view(&self, seat: Seat) -> CardballView {
        CardballView::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resolution_table_matches_the_rules() {
        use Decision::*;
        use Mark as M;
        // Rows: attacker none..hundred; columns: defender none..hundred.
        // The rulebook: without a clash, a card that takes the ball gives
        // the round to the attacker.
        let want = [
            [Hold, Die, Attacker, Defender, Defender],
            [Die, Die, Attacker, Defender, Defender],
            [Attacker, Attacker, Attacker, Attacker, Defender],
            [Attacker, Attacker, Attacker, Die, Defender],
            [Attacker, Attacker, Attacker, Attacker, Attacker],
        ];
        // The house rule ranked_marks: the higher mark wins.
        let ranked = [
            [Hold, Die, Defender, Defender, Defender],
            [Die, Die, Defender, Defender, Defender],
            [Attacker, Attacker, Attacker, Defender, Defender],
            [Attacker, Attacker, Attacker, Die, Defender],
            [Attacker, Attacker, Attacker, Attacker, Attacker],
        ];
        let house = HouseRules {
            ranked_marks: true,
            ..HouseRules::default()
        };
        for (i, a) in M::ALL.iter().enumerate() {
            for (j, d) in M::ALL.iter().enumerate() {
                assert_eq!(decide(*a, *d), want[i][j], "{a:?} vs {d:?}");
                assert_eq!(
                    decide_with(*a, *d, &house),
                    ranked[i][j],
                    "ranked: {a:?} vs {d:?}"
                );
            }
        }
    }

    #[test]
    fn the_penalty_table_matches_the_rules() {
        let g = Some(true);
        let s = Some(false);
        let want = [
            [None, s, s, s, s],
            [g, None, s, s, s],
            [g, g, None, s, s],
            [g, g, g, None, s],
            [g, g, g, g, g],
        ];
        for (i, a) in Mark::ALL.iter().enumerate() {
            for (j, d) in Mark::ALL.iter().enumerate() {
                assert_eq!(decide_penalty(*a, *d), want[i][j], "{a:?} vs {d:?}");
            }
        }
    }

    #[test]
    fn a_shootout_stops_once_it_cannot_be_caught() {
        let mut s = Shootout {
            first: Some(Side::Left),
            kicks: vec![true, false, true, false, true, false],
            pending: None,
        };
        // 3-0 after three rounds: right has two kicks left.
        assert_eq!(s.winner(), Some(Side::Left));
        s.kicks = vec![true, false, true, false, true];
        assert_eq!(s.winner(), None);
        s.kicks = vec![true; 10];
        assert_eq!(s.winner(), None);
        s.kicks.extend([true, false]);
        assert_eq!(s.winner(), Some(Side::Left));
        s.first = Some(Side::Right);
        assert_eq!(s.winner(), Some(Side::Right));
    }

    #[test]
    fn movement_stops_in_the_boxes() {
        assert_eq!(step_zone(6, Side::Left, 3), 7);
        assert_eq!(step_zone(2, Side::Right, 3), 1);
        assert_eq!(step_zone(4, Side::Right, -1), 5);
    }
}

//! The Booked! match state and its rules.

use super::BookedError;
use super::action::{Action, RefTarget};
use super::cards::{Card, CardId, CardSet, Position, Referee};
use super::event::{Event, Pile};
use super::house::HouseRules;
use super::view::{BookedView, StackView, Step};
use crate::engine::{BySeat, Game, GameRng, MAX_SEATS, Outcome, Seat, SeatSet, ToAct, Window};
use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How many cards squad rotation passes.
pub const DRAFT_PASS: usize = 3;
/// The most super subs one pitch may hold.
pub const MAX_SUPER_SUBS: usize = 2;

/// Everything needed to start a match except the seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookedConfig {
    /// The validated card set.
    pub cards: Arc<CardSet>,
    /// The house rules.
    pub rules: HouseRules,
    /// Managers at the table (2-6).
    pub seats: u8,
    /// Who kicks off (the youngest manager).
    pub first: Seat,
    /// A group-stage decider: the first legal 7 wins at once, no call needed.
    #[serde(default)]
    pub sudden_death: bool,
}

impl BookedConfig {
    /// The official rules for `seats` managers with seat 0 kicking off.
    pub fn new(cards: Arc<CardSet>, rules: HouseRules, seats: u8) -> Self {
        BookedConfig {
            cards,
            rules,
            seats,
            first: Seat(0),
            sudden_death: false,
        }
    }
}

/// A card on a pitch with what is attached to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnPitch {
    /// The player or super sub.
    pub card: CardId,
    /// The Yellow it carries, if booked.
    pub yellow: Option<CardId>,
    /// For a super sub: the nation and slot it stands in for.
    pub stand_in: Option<(u8, Position)>,
}

impl OnPitch {
    /// The nation and position this card counts as, if any.
    pub fn counts_as(&self, cards: &CardSet) -> Option<(u8, Position)> {
        match cards.card(self.card) {
            Some(Card::Player {
                nation, position, ..
            }) => Some((nation, position)),
            Some(Card::SuperSub) => self.stand_in,
            _ => None,
        }
    }
}

/// What a card on the stack will do when it resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Play {
    /// A squad player going onto its owner's pitch.
    Player,
    /// A super sub going onto its owner's pitch.
    SuperSub {
        /// The nation it stands in for.
        nation: u8,
        /// The slot it fills.
        position: Position,
    },
    /// A referee played as an action.
    Referee(Referee, RefTarget),
    /// A booking.
    Yellow {
        /// The player booked.
        target: CardId,
    },
    /// A red card.
    Red {
        /// The player shown the red.
        target: CardId,
    },
    /// A tackle on a nation.
    Tackle {
        /// The manager tackled.
        victim: Seat,
        /// The nation tackled.
        nation: u8,
    },
    /// An instant answering the item below it.
    Instant(Referee),
    /// An instant played in the GOOOAL! window against the caller's 7.
    Final(Referee),
}

/// A card waiting on the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackItem {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: CardId,
    /// What it does.
    pub play: Play,
    /// The manager it is played against (for PLAY ON), if any.
    pub against: Option<Seat>,
    /// Cancelled (VAR REVIEW) or negated (PLAY ON): it will have no effect.
    pub cancelled: bool,
    /// OFFSIDE!: the player card returns to its owner's hand.
    pub offside: bool,
}

/// Where the caller's turn goes on if the GOOOAL! window breaks the 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resume {
    /// The call was made before drawing.
    Draw,
    /// The call was made after the turn's action.
    AfterAction,
}

/// The GOOOAL! window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalWindow {
    /// Who called.
    pub caller: Seat,
    /// The opponent whose go it is, if any.
    pub asking: Option<Seat>,
    /// Opponents yet to have their go.
    pub pending: SeatSet,
    /// Where play resumes if the 7 breaks.
    pub resume: Resume,
}

/// The step the match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Derby night: the current manager claims a nation.
    Claim,
    /// Squad rotation: everyone puts three cards aside at once.
    Draft,
    /// The current manager draws (or calls GOOOAL!).
    Draw,
    /// The current manager does one thing.
    Act,
    /// A window on the card on top of the stack is open.
    Stack,
    /// SET PIECE: the current manager keeps one of the cards looked at.
    SetPiece,
    /// A tackled manager picks up pitch cards of the tackled nation.
    PickUp {
        /// Who picks up.
        victim: Seat,
        /// The nation tackled.
        nation: u8,
        /// How many cards are still to pick up.
        left: u8,
    },
    /// The current manager may call GOOOAL!.
    Call,
    /// The GOOOAL! window: opponents may play instants.
    Final,
    /// The current manager discards down to the hand limit.
    Discard,
    /// The match is over.
    Over,
}

/// A Booked! match.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Booked {
    pub(super) cards: Arc<CardSet>,
    pub(super) rules: HouseRules,
    pub(super) sudden_death: bool,
    pub(super) seats: u8,
    pub(super) rng: GameRng,
    /// Face down; the top is the last element.
    pub(super) deck: Vec<CardId>,
    /// Face up; the top is the last element.
    pub(super) discard: Vec<CardId>,
    /// Out of play (quick rules, the discipline dial).
    pub(super) boxed: Vec<CardId>,
    /// Cards looked at by SET PIECE, waiting for the choice.
    pub(super) limbo: Vec<CardId>,
    pub(super) hands: BySeat<Vec<CardId>>,
    /// In the order the cards were placed.
    pub(super) pitches: BySeat<Vec<OnPitch>>,
    /// The nation of each pitch's legal Starting 7, kept up to date at every
    /// pitch change (it is asked for after every action).
    pub(super) sevens: BySeat<Option<u8>>,
    /// The nations each pitch shows (tackle targets), kept like `sevens`.
    pub(super) nations_on: BySeat<NationSet>,
    pub(super) claims: BySeat<Option<u8>>,
    pub(super) draft: BySeat<Vec<CardId>>,
    pub(super) current: Seat,
    pub(super) clockwise: bool,
    pub(super) phase: Phase,
    pub(super) stack: Vec<StackItem>,
    pub(super) window: Option<Window>,
    pub(super) final_window: Option<FinalWindow>,
    pub(super) extra_turns: BySeat<u8>,
    pub(super) skips: BySeat<u8>,
    pub(super) walls: BySeat<bool>,
    pub(super) armband_used: BySeat<bool>,
    pub(super) sent_off: BySeat<u16>,
    pub(super) reshuffles: u8,
    pub(super) turns: u32,
    /// Turns begun since a card was last drawn from the deck (the
    /// no-progress rule, [`STALL_TURNS_PER_SEAT`]).
    #[serde(default)]
    pub(super) stall: u16,
    pub(super) outcome: Option<Outcome>,
}

/// The no-progress rule: when this many turns per manager pass without a
/// card drawn from the deck, the match can no longer move towards the dry
/// deck that ends it, so it goes to penalties at once (the rulebook's end
/// of a match that runs out of cards), with the ending `stalled`.
pub const STALL_TURNS_PER_SEAT: u16 = 25;

/// The engine's event sink for this game's events (a list, or
/// [`NoLog`] on the fast path).
pub(super) trait Sink: crate::engine::Sink<Event> {}

impl<T: crate::engine::Sink<Event>> Sink for T {}

pub(super) use crate::engine::NoLog;

/// The nation of a legal Starting 7 on `pitch`, if there is one: one nation,
/// 1 GK, 2 DEF, 2 MID, 2 FWD, super subs counting as what they stand in for.
pub fn legal_seven(pitch: &[OnPitch], cards: &CardSet) -> Option<u8> {
    let (nation, filled) = best_seven(pitch, cards)?;
    (filled == 7).then_some(nation)
}

/// The nation closest to a Starting 7 on `pitch` and how many of the seven
/// slots it fills (ties go to the nation that first appears on the pitch).
pub fn best_seven(pitch: &[OnPitch], cards: &CardSet) -> Option<(u8, u8)> {
    summarise(pitch, cards).0
}

/// How many of the seven slots a nation's positions fill.
fn filled(row: &[u8; 4]) -> u8 {
    Position::ALL
        .iter()
        .map(|p| row[p.index()].min(p.needed()))
        .sum()
}

/// Distinct nations [`summarise`] counts in its small table; a pitch
/// showing more (only a deck of many nations could) takes the wide path.
const FEW_NATIONS: usize = 32;

/// [`best_seven`] and the nations a pitch shows, in one pass.
///
/// This runs after every pitch change and for every seat a bot weighs, so
/// it must be cheap whatever the number of nations: rows are counted in
/// the order nations first appear, found through a table indexed by nation
/// (a nation is a u8), so only a few hundred bytes are cleared a call.
fn summarise(pitch: &[OnPitch], cards: &CardSet) -> (Option<(u8, u8)>, NationSet) {
    let mut row_of = [0u8; 256];
    let mut rows = [[0u8; 4]; FEW_NATIONS];
    let mut order = [0u8; FEW_NATIONS];
    let mut used = 0usize;
    let mut set = NationSet::default();
    for p in pitch {
        let Some((nation, pos)) = p.counts_as(cards) else {
            continue;
        };
        let n = usize::from(nation);
        let mut r = usize::from(row_of[n]);
        if r == 0 {
            if used == FEW_NATIONS {
                return summarise_wide(pitch, cards);
            }
            order[used] = nation;
            used += 1;
            r = used;
            row_of[n] = used as u8;
            set.insert(nation);
        }
        let row = &mut rows[r - 1];
        row[pos.index()] = row[pos.index()].saturating_add(1);
    }
    let mut best: Option<(u8, u8)> = None;
    for (row, &nation) in rows.iter().zip(&order).take(used) {
        let f = filled(row);
        if best.is_none_or(|(_, b)| f > b) {
            best = Some((nation, f));
        }
    }
    (best, set)
}

/// [`summarise`] for a pitch of many nations: a row for every nation.
fn summarise_wide(pitch: &[OnPitch], cards: &CardSet) -> (Option<(u8, u8)>, NationSet) {
    let mut table = [[0u8; 4]; 256];
    let mut order = Vec::new();
    let mut set = NationSet::default();
    for p in pitch {
        let Some((nation, pos)) = p.counts_as(cards) else {
            continue;
        };
        if !set.contains(nation) {
            set.insert(nation);
            order.push(nation);
        }
        let row = &mut table[usize::from(nation)];
        row[pos.index()] = row[pos.index()].saturating_add(1);
    }
    let mut best: Option<(u8, u8)> = None;
    for nation in order {
        let f = filled(&table[usize::from(nation)]);
        if best.is_none_or(|(_, b)| f > b) {
            best = Some((nation, f));
        }
    }
    (best, set)
}

/// The nations on a pitch, as a bit set (for tackle targets).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct NationSet([u64; 4]);

impl NationSet {
    fn insert(&mut self, n: u8) {
        self.0[usize::from(n) / 64] |= 1 << (n % 64);
    }

    fn add_all(&mut self, other: &NationSet) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    fn remove(&mut self, n: u8) {
        self.0[usize::from(n) / 64] &= !(1 << (n % 64));
    }

    fn contains(&self, n: u8) -> bool {
        self.0[usize::from(n) / 64] & (1 << (n % 64)) != 0
    }
}

/// One bit a kind of official ([`answering_kinds`]).
fn referee_bit(k: Referee) -> u16 {
    1 << (k as u16)
}

/// The instants that may answer `top` from `seat`'s hand, one bit a kind
/// ([`referee_bit`]): VAR REVIEW anything another manager played, OFFSIDE
/// a player another manager just placed, PLAY ON a referee, booking or
/// instant played against `seat`. None answer a cancelled card.
fn answering_kinds(seat: Seat, top: &StackItem) -> u16 {
    if top.cancelled {
        return 0;
    }
    let other = seat != top.seat;
    let placed = matches!(top.play, Play::Player | Play::SuperSub { .. });
    let play_on = top.against == Some(seat)
        && matches!(
            top.play,
            Play::Referee(..)
                | Play::Yellow { .. }
                | Play::Red { .. }
                | Play::Instant(_)
                | Play::Final(_)
        );
    let mut kinds = 0;
    if other {
        kinds |= referee_bit(Referee::VarReview);
        if placed {
            kinds |= referee_bit(Referee::Offside);
        }
    }
    if play_on {
        kinds |= referee_bit(Referee::PlayOn);
    }
    kinds
}

fn remove_card(v: &mut Vec<CardId>, card: CardId) -> bool {
    if let Some(i) = v.iter().position(|&c| c == card) {
        v.remove(i);
        true
    } else {
        false
    }
}

impl Booked {
    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The house rules in force.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    /// The current step.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// Whether play passes left (to the next higher seat).
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// A manager's hand (the full state; views hide it from others).
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A manager's pitch, in the order the cards were placed.
    pub fn pitch(&self, seat: Seat) -> &[OnPitch] {
        self.pitches.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The deck, top last.
    pub fn deck(&self) -> &[CardId] {
        &self.deck
    }

    /// The discard pile, top last.
    pub fn discard_pile(&self) -> &[CardId] {
        &self.discard
    }

    /// The cards on the stack, bottom first.
    pub fn stack(&self) -> &[StackItem] {
        &self.stack
    }

    /// The nation of `seat`'s legal Starting 7 as the match keeps it.
    pub fn legal_seven_of(&self, seat: Seat) -> Option<u8> {
        self.seven(seat)
    }

    /// Whether `seat`'s pitch shows `nation` (a player or a super sub
    /// standing in for it), as the match keeps it.
    pub fn shows_nation(&self, seat: Seat, nation: u8) -> bool {
        self.pitch_has_nation(seat, nation)
    }

    /// Players of this manager sent off so far.
    pub fn sent_off(&self, seat: Seat) -> u16 {
        self.sent_off.get(seat).copied().unwrap_or(0)
    }

    /// Every card id with the place it is in, for the "no card is created or
    /// lost" invariant. Each card of the set must appear exactly once.
    pub fn all_card_places(&self) -> Vec<CardId> {
        let mut all = Vec::with_capacity(self.cards.len());
        all.extend_from_slice(&self.deck);
        all.extend_from_slice(&self.discard);
        all.extend_from_slice(&self.boxed);
        all.extend_from_slice(&self.limbo);
        for h in self.hands.values() {
            all.extend_from_slice(h);
        }
        for d in self.draft.values() {
            all.extend_from_slice(d);
        }
        for p in self.pitches.values() {
            for c in p {
                all.push(c.card);
                all.extend(c.yellow);
            }
        }
        all.extend(self.stack.iter().map(|i| i.card));
        all
    }

    /// A copy of the match in which everything `seat` cannot see is dealt
    /// again at random, keeping every size: the other hands, the deck order,
    /// SET PIECE cards someone else is choosing, other managers' squad
    /// rotation passes, and the RNG. This is what a search bot may imagine;
    /// `seat`'s view of the copy is identical to its view of the original.
    pub fn resample_hidden(&self, seat: Seat, rng: &mut impl rand::Rng) -> Booked {
        let mut g = self.clone();
        let hidden_limbo = self.current != seat;
        let mut pool: Vec<CardId> = g.deck.clone();
        for (s, h) in g.hands.iter() {
            if s != seat {
                pool.extend_from_slice(h);
            }
        }
        for (s, d) in g.draft.iter() {
            if s != seat {
                pool.extend_from_slice(d);
            }
        }
        if hidden_limbo {
            pool.extend_from_slice(&g.limbo);
        }
        pool.shuffle(rng);
        let mut take = |n: usize| -> Vec<CardId> {
            let at = pool.len().saturating_sub(n);
            pool.split_off(at)
        };
        g.deck = take(self.deck.len());
        for s in Seat::all(self.n()) {
            if s != seat {
                g.hands[s] = take(self.hands[s].len());
                g.draft[s] = take(self.draft[s].len());
            }
        }
        if hidden_limbo {
            g.limbo = take(self.limbo.len());
        }
        g.rng = GameRng::seed_from_u64(rng.next_u64());
        g
    }

    fn card(&self, id: CardId) -> Card {
        // Ids come from the state itself or were checked by `check`; an
        // unknown id falls back to a card that has no effect anywhere.
        self.cards.card(id).unwrap_or(Card::QuickRules)
    }

    fn n(&self) -> usize {
        usize::from(self.seats)
    }

    /// The nation of `seat`'s legal Starting 7, if the pitch shows one.
    fn seven(&self, seat: Seat) -> Option<u8> {
        self.sevens.get(seat).copied().flatten()
    }

    /// Recomputes the legal-7 cache after `seat`'s pitch changed.
    pub(super) fn pitch_changed(&mut self, seat: Seat) {
        let (best, nations) = summarise(self.pitch(seat), &self.cards);
        let seven = best.and_then(|(nation, f)| (f == 7).then_some(nation));
        if let Some(x) = self.sevens.get_mut(seat) {
            *x = seven;
        }
        if let Some(x) = self.nations_on.get_mut(seat) {
            *x = nations;
        }
    }

    /// Updates the caches after a card was placed last on `seat`'s pitch.
    ///
    /// Placing is the most common pitch change in a simulated match, and
    /// only the placed card's nation can have changed: its row is counted
    /// alone, and only if it now makes a 7 can the legal 7 change (to it,
    /// or, with two 7s on the pitch, to whichever nation came first).
    fn pitch_gained(&mut self, seat: Seat) {
        let pitch = self.pitch(seat);
        let Some(nation) = pitch
            .last()
            .and_then(|p| p.counts_as(&self.cards))
            .map(|(n, _)| n)
        else {
            return;
        };
        let mut row = [0u8; 4];
        for (n, pos) in pitch.iter().filter_map(|p| p.counts_as(&self.cards)) {
            if n == nation {
                row[pos.index()] = row[pos.index()].saturating_add(1);
            }
        }
        if filled(&row) == 7 {
            // Of two 7s the nation first on the pitch is the legal one.
            let seven = match self.seven(seat) {
                Some(other) if other != nation => pitch
                    .iter()
                    .filter_map(|p| p.counts_as(&self.cards))
                    .map(|(n, _)| n)
                    .find(|&n| n == nation || n == other)
                    .unwrap_or(other),
                _ => nation,
            };
            if let Some(x) = self.sevens.get_mut(seat) {
                *x = Some(seven);
            }
        }
        if let Some(x) = self.nations_on.get_mut(seat) {
            x.insert(nation);
        }
    }

    /// Updates the caches after `removed` left `seat`'s pitch: only its
    /// nation's row changed, so the legal 7 can change only if it was that
    /// nation's (then the pitch is counted again), and the nation stops
    /// being a tackle target only if no card on the pitch still shows it.
    fn pitch_lost(&mut self, seat: Seat, removed: &OnPitch) {
        let Some((nation, _)) = removed.counts_as(&self.cards) else {
            return;
        };
        if self.seven(seat) == Some(nation) {
            self.pitch_changed(seat);
            return;
        }
        let shown = self
            .pitch(seat)
            .iter()
            .any(|p| p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation));
        if !shown && let Some(x) = self.nations_on.get_mut(seat) {
            x.remove(nation);
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        seat.step(self.n(), self.clockwise)
    }

    fn holds(&self, seat: Seat, card: CardId) -> bool {
        self.hand(seat).contains(&card)
    }

    fn owner_of_pitch_card(&self, card: CardId) -> Option<(Seat, usize)> {
        self.pitches
            .iter()
            .find_map(|(s, p)| p.iter().position(|c| c.card == card).map(|i| (s, i)))
    }

    /// [`Booked::owner_of_pitch_card`], looking first on the pitch of
    /// `likely` (a card's target is usually still where it was aimed).
    fn owner_near(&self, card: CardId, likely: Option<Seat>) -> Option<(Seat, usize)> {
        if let Some(s) = likely
            && let Some(i) = self.pitch(s).iter().position(|c| c.card == card)
        {
            return Some((s, i));
        }
        self.owner_of_pitch_card(card)
    }

    fn super_subs_on(&self, seat: Seat) -> usize {
        self.pitch(seat)
            .iter()
            .filter(|p| matches!(self.card(p.card), Card::SuperSub))
            .count()
    }

    fn pitch_has_nation(&self, seat: Seat, nation: u8) -> bool {
        self.nations_on
            .get(seat)
            .is_some_and(|s| s.contains(nation))
    }

    /// Whether `seat` holds an instant that legally answers the top of the stack.
    pub(super) fn can_answer_top(&self, seat: Seat) -> bool {
        let Some(top) = self.stack.last() else {
            return false;
        };
        // Outside strict VAR, nothing answers a card played in the GOOOAL! window.
        if self.final_window.is_some() && !self.rules.strict_var {
            return false;
        }
        let answering = answering_kinds(seat, top);
        answering != 0
            && self.hand(seat).iter().any(|&c| match self.card(c) {
                Card::Referee(k) => answering & referee_bit(k) != 0,
                _ => false,
            })
    }

    /// Whether instant `card` in `seat`'s hand answers `top`.
    fn answers(&self, seat: Seat, top: &StackItem, card: CardId) -> bool {
        match self.card(card) {
            Card::Referee(k) => answering_kinds(seat, top) & referee_bit(k) != 0,
            _ => false,
        }
    }

    /// Whether opponent `seat` may play `card` in the GOOOAL! window.
    fn final_instant_ok(&self, caller: Seat, card: CardId) -> bool {
        match self.card(card) {
            Card::Referee(Referee::VarReview) | Card::Referee(Referee::Offside) => {
                !self.pitch(caller).is_empty()
            }
            _ => false,
        }
    }

    pub(super) fn final_eligible(&self, seat: Seat, caller: Seat) -> bool {
        self.seven(caller).is_some()
            && self
                .hand(seat)
                .iter()
                .any(|&c| self.final_instant_ok(caller, c))
    }

    // ----- setup -----

    /// A match with every card in the deck, unshuffled and undealt (the
    /// common start of a new match and of an exact deal).
    pub(super) fn blank(config: &BookedConfig, seed: u64) -> Result<Booked, BookedError> {
        Booked::setup(config, seed)
    }

    fn setup(config: &BookedConfig, seed: u64) -> Result<Booked, BookedError> {
        let rules = config.rules.clone();
        rules
            .check()
            .map_err(|(field, msg)| BookedError::Config(format!("house rule `{field}` {msg}")))?;
        let n = usize::from(config.seats);
        if !(2..=6).contains(&n) {
            return Err(BookedError::Config(format!(
                "Booked! seats 2-6 managers, not {n}"
            )));
        }
        if config.first.index() >= n {
            return Err(BookedError::Config(format!(
                "the first manager {} is not at the table",
                config.first
            )));
        }
        let cards = config.cards.clone();
        if cards.len() > usize::from(CardId::MAX) {
            return Err(BookedError::Config("too many cards".into()));
        }
        let mut deck = Vec::new();
        let mut boxed = Vec::new();
        let (mut yellows_out, mut reds_out) = if rules.fewer_discipline {
            (2, 1)
        } else {
            (0, 0)
        };
        for (i, card) in cards.cards.iter().enumerate() {
            let id = i as CardId;
            match card {
                Card::QuickRules => boxed.push(id),
                Card::Yellow if yellows_out > 0 => {
                    yellows_out -= 1;
                    boxed.push(id);
                }
                Card::Red if reds_out > 0 => {
                    reds_out -= 1;
                    boxed.push(id);
                }
                _ => deck.push(id),
            }
        }
        let needed = n * usize::from(rules.dealt()) + 2;
        if deck.len() < needed {
            return Err(BookedError::Config(format!(
                "{} cards in play is too few to deal {} to {n} managers",
                deck.len(),
                rules.dealt()
            )));
        }
        if rules.derby_night && cards.nations.len() < n {
            return Err(BookedError::Config(
                "derby night needs a nation for every manager".into(),
            ));
        }
        let mut rng = GameRng::seed_from_u64(seed);
        deck.shuffle(&mut rng);
        Ok(Booked {
            cards,
            sudden_death: config.sudden_death,
            seats: config.seats,
            rng,
            deck,
            discard: Vec::new(),
            boxed,
            limbo: Vec::new(),
            hands: BySeat::from_fn(n, |_| Vec::with_capacity(12)),
            pitches: BySeat::from_fn(n, |_| Vec::with_capacity(16)),
            sevens: BySeat::from_fn(n, |_| None),
            nations_on: BySeat::from_fn(n, |_| NationSet::default()),
            claims: BySeat::from_fn(n, |_| None),
            draft: BySeat::from_fn(n, |_| Vec::new()),
            current: config.first,
            clockwise: true,
            phase: Phase::Claim,
            stack: Vec::new(),
            window: None,
            final_window: None,
            extra_turns: BySeat::from_fn(n, |_| 0),
            skips: BySeat::from_fn(n, |_| 0),
            walls: BySeat::from_fn(n, |_| false),
            armband_used: BySeat::from_fn(n, |_| false),
            sent_off: BySeat::from_fn(n, |_| 0),
            reshuffles: 0,
            stall: 0,
            turns: 0,
            outcome: None,
            rules,
        })
    }

    fn begin(&mut self, first: Seat, log: &mut impl Sink) {
        self.current = first;
        if self.rules.derby_night {
            self.phase = Phase::Claim;
        } else {
            self.deal(log);
        }
    }

    fn deal(&mut self, log: &mut impl Sink) {
        let dealt = self.rules.dealt();
        for _ in 0..dealt {
            let mut seat = self.current;
            for _ in 0..self.n() {
                if let Some(c) = self.deck.pop() {
                    self.hands[seat].push(c);
                }
                seat = seat.step(self.n(), true);
            }
        }
        for s in Seat::all(self.n()) {
            log.push(|| Event::Dealt {
                seat: s,
                count: dealt,
            });
        }
        if self.rules.squad_rotation {
            self.phase = Phase::Draft;
        } else {
            self.flip_and_kick_off(log);
        }
    }

    pub(super) fn flip_and_kick_off(&mut self, log: &mut impl Sink) {
        // Bury referee and discipline cards at the bottom and flip again; a
        // deck made only of such cards keeps the last one flipped.
        for _ in 0..self.deck.len() {
            let Some(c) = self.deck.pop() else { break };
            if self.card(c).is_buried_on_flip()
                && self.deck.iter().any(|&d| !self.card(d).is_buried_on_flip())
            {
                self.deck.insert(0, c);
                log.push(|| Event::Buried { card: c });
            } else {
                self.discard.push(c);
                log.push(|| Event::Flipped { card: c });
                break;
            }
        }
        let first = self.current;
        self.start_turn(first, log);
    }

    // ----- turn flow -----

    fn start_turn(&mut self, mut seat: Seat, log: &mut impl Sink) {
        // Every seat can owe at most a finite number of skips, so this ends.
        loop {
            self.walls[seat] = false;
            if self.skips[seat] > 0 {
                self.skips[seat] -= 1;
                log.push(|| Event::TurnSkipped { seat });
                seat = self.next_seat(seat);
                continue;
            }
            break;
        }
        self.current = seat;
        self.turns += 1;
        self.phase = Phase::Draw;
        log.push(|| Event::TurnStarted { seat });
    }

    fn end_turn(&mut self, log: &mut impl Sink) {
        self.stall = self.stall.saturating_add(1);
        if self.stall >= STALL_TURNS_PER_SEAT.saturating_mul(self.n() as u16) {
            self.penalties("stalled", log);
            return;
        }
        let seat = self.current;
        if self.extra_turns[seat] > 0 {
            self.extra_turns[seat] -= 1;
            self.start_turn(seat, log);
        } else {
            let next = self.next_seat(seat);
            self.start_turn(next, log);
        }
    }

    /// After the turn's action has fully resolved.
    fn after_action(&mut self, log: &mut impl Sink) {
        if self.outcome.is_some() {
            return;
        }
        let seat = self.current;
        if self.seven(seat).is_some() {
            if self.sudden_death {
                self.finish(vec![seat], "sudden_death", log);
            } else {
                self.phase = Phase::Call;
            }
            return;
        }
        self.go_to_hand_limit(log);
    }

    fn go_to_hand_limit(&mut self, log: &mut impl Sink) {
        if self.hand(self.current).len() > usize::from(self.rules.hand_limit) {
            self.phase = Phase::Discard;
        } else {
            self.end_turn(log);
        }
    }

    fn finish(&mut self, winners: Vec<Seat>, ending: &str, log: &mut impl Sink) {
        let ending = ending.to_string();
        log.push(|| Event::MatchWon {
            winners: winners.clone(),
            ending: ending.clone(),
        });
        self.outcome = Some(Outcome { winners, ending });
        self.phase = Phase::Over;
        self.window = None;
        self.final_window = None;
    }

    // ----- the deck -----

    /// Draws from the deck into `seat`'s hand; handles the deck running dry.
    fn draw_from_deck(&mut self, seat: Seat, log: &mut impl Sink) -> Option<CardId> {
        let c = self.deck.pop()?;
        self.stall = 0;
        self.hands[seat].push(c);
        log.push(|| Event::Drew {
            seat,
            from: Pile::Deck,
            card: c,
        });
        if self.deck.is_empty() {
            self.deck_ran_dry(log);
        }
        Some(c)
    }

    fn deck_ran_dry(&mut self, log: &mut impl Sink) {
        if self.reshuffles < self.rules.reshuffles_before_penalties {
            self.reshuffles += 1;
            let top = self.discard.pop();
            self.deck.append(&mut self.discard);
            self.deck.shuffle(&mut self.rng);
            self.discard.extend(top);
            let k = self.deck.len() as u16;
            log.push(|| Event::Reshuffled { cards: k });
            if !self.deck.is_empty() {
                return;
            }
        }
        self.penalties("penalties", log);
    }

    /// Penalties: the highest total rating on pitch wins; a tie goes to the
    /// tied manager with fewer bookings on pitch; a tie after that is shared.
    /// `ending` names why (`penalties`: the deck ran dry; `stalled`: the
    /// no-progress rule).
    fn penalties(&mut self, ending: &str, log: &mut impl Sink) {
        let totals: Vec<u32> = self
            .pitches
            .values()
            .map(|p| {
                p.iter()
                    .map(|c| match self.card(c.card) {
                        Card::Player { rating, .. } => u32::from(rating),
                        _ => 0,
                    })
                    .sum()
            })
            .collect();
        let bookings: Vec<usize> = self
            .pitches
            .values()
            .map(|p| p.iter().filter(|c| c.yellow.is_some()).count())
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let tied: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == best).collect();
        let fewest = tied.iter().map(|&i| bookings[i]).min().unwrap_or(0);
        let winners: Vec<Seat> = tied
            .into_iter()
            .filter(|&i| bookings[i] == fewest)
            .map(|i| Seat(i as u8))
            .collect();
        log.push(|| Event::Penalties {
            totals: totals.clone(),
        });
        self.finish(winners, ending, log);
    }

    // ----- the stack -----

    fn push_item(&mut self, seat: Seat, card: CardId, play: Play, log: &mut impl Sink) {
        let below = self.stack.last().copied();
        let against = match play {
            Play::Yellow { target } | Play::Red { target } => {
                self.owner_of_pitch_card(target).map(|(s, _)| s)
            }
            Play::Referee(Referee::FullTimeWhistle, _) => Some(self.next_seat(seat)),
            Play::Instant(_) => below.map(|b| b.seat),
            Play::Final(_) => self.final_window.map(|f| f.caller),
            _ => None,
        };
        self.stack.push(StackItem {
            seat,
            card,
            play,
            against,
            cancelled: false,
            offside: false,
        });
        match play {
            Play::Instant(_) | Play::Final(_) => {
                log.push(|| Event::Responded {
                    seat,
                    card,
                    to: below.map(|b| b.card),
                });
            }
            _ => {}
        }
        self.open_window();
        self.drive_stack(log);
    }

    fn open_window(&mut self) {
        let Some(top) = self.stack.last().copied() else {
            self.window = None;
            return;
        };
        let w = Window::open(
            top.seat,
            self.n(),
            self.clockwise,
            SeatSet::all(self.n()),
            |s| self.can_answer_top(s),
        );
        self.window = Some(w);
    }

    /// Resolves the stack until someone must answer, a choice is needed, or
    /// it is empty.
    fn drive_stack(&mut self, log: &mut impl Sink) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            if let Some(w) = &self.window
                && w.asking().is_some()
            {
                self.phase = Phase::Stack;
                return;
            }
            let Some(item) = self.stack.pop() else {
                self.window = None;
                self.stack_empty(log);
                return;
            };
            let waiting_choice = self.resolve(item, log);
            if waiting_choice || self.outcome.is_some() {
                self.window = None;
                return;
            }
            self.open_window();
        }
    }

    fn stack_empty(&mut self, log: &mut impl Sink) {
        if let Some(fw) = self.final_window {
            self.continue_final(fw.caller, log);
        } else {
            self.after_action(log);
        }
    }

    /// Resolves one item. Returns true when a manager must now choose
    /// (SET PIECE, tackle pick-up) before play goes on.
    fn resolve(&mut self, item: StackItem, log: &mut impl Sink) -> bool {
        let seat = item.seat;
        let card = item.card;
        if item.cancelled {
            self.discard.push(card);
            return false;
        }
        match item.play {
            Play::Player | Play::SuperSub { .. } => {
                if item.offside {
                    self.hands[seat].push(card);
                    log.push(|| Event::Offside { seat, card });
                } else {
                    let stand_in = match item.play {
                        Play::SuperSub { nation, position } => Some((nation, position)),
                        _ => None,
                    };
                    self.pitches[seat].push(OnPitch {
                        card,
                        yellow: None,
                        stand_in,
                    });
                    self.pitch_gained(seat);
                    log.push(|| Event::Placed { seat, card });
                }
                false
            }
            Play::Instant(kind) => {
                self.discard.push(card);
                if let Some(below) = self.stack.last_mut() {
                    let by = card;
                    let target = below.card;
                    match kind {
                        Referee::VarReview | Referee::PlayOn => {
                            below.cancelled = true;
                            log.push(|| Event::Cancelled { card: target, by });
                        }
                        Referee::Offside => below.offside = true,
                        _ => {}
                    }
                }
                false
            }
            Play::Final(kind) => {
                self.discard.push(card);
                let Some(fw) = self.final_window else {
                    return false;
                };
                let caller = fw.caller;
                if let Some(last) = self.pitches[caller].pop() {
                    self.pitch_changed(caller);
                    self.discard.extend(last.yellow);
                    if kind == Referee::Offside {
                        self.hands[caller].push(last.card);
                        log.push(|| Event::Offside {
                            seat: caller,
                            card: last.card,
                        });
                    } else {
                        self.discard.push(last.card);
                        log.push(|| Event::Cancelled {
                            card: last.card,
                            by: card,
                        });
                    }
                }
                false
            }
            Play::Yellow { target } => {
                self.resolve_yellow(card, target, item.against, log);
                false
            }
            Play::Red { target } => {
                self.discard.push(card);
                match self.owner_near(target, item.against) {
                    Some((owner, i)) if self.pitches[owner][i].yellow.is_some() => {
                        self.send_off(owner, i, log);
                    }
                    _ => log.push(|| Event::Bounced { card }),
                }
                false
            }
            Play::Tackle { victim, nation } => {
                self.discard.push(card);
                let derby = self.rules.derby_night && self.claims[seat] == Some(nation);
                let count: u8 = if derby { 2 } else { 1 };
                let candidates = self
                    .pitch(victim)
                    .iter()
                    .filter(|p| p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation))
                    .count();
                let k = count.min(candidates as u8);
                log.push(|| Event::Tackled {
                    by: seat,
                    victim,
                    nation,
                    cards: k,
                });
                if usize::from(k) == candidates {
                    // No choice to make: every card of the nation comes back.
                    let mut i = 0;
                    while i < self.pitches[victim].len() {
                        let p = self.pitches[victim][i];
                        if p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation) {
                            self.pick_up(victim, i, log);
                        } else {
                            i += 1;
                        }
                    }
                    false
                } else {
                    self.phase = Phase::PickUp {
                        victim,
                        nation,
                        left: k,
                    };
                    true
                }
            }
            Play::Referee(kind, target) => self.resolve_referee(seat, card, kind, target, log),
        }
    }

    fn resolve_yellow(
        &mut self,
        card: CardId,
        target: CardId,
        likely: Option<Seat>,
        log: &mut impl Sink,
    ) {
        let Some((owner, i)) = self.owner_near(target, likely) else {
            self.discard.push(card);
            return;
        };
        let is_star = self.card(target).is_star();
        if self.rules.captains_armband && is_star && !self.armband_used[owner] {
            self.armband_used[owner] = true;
            self.discard.push(card);
            log.push(|| Event::Armband {
                seat: owner,
                card: target,
            });
            return;
        }
        if self.pitches[owner][i].yellow.is_some() {
            self.discard.push(card);
            self.send_off(owner, i, log);
        } else {
            self.pitches[owner][i].yellow = Some(card);
            log.push(|| Event::Booked {
                seat: owner,
                card: target,
            });
        }
    }

    fn send_off(&mut self, owner: Seat, i: usize, log: &mut impl Sink) {
        let p = self.pitches[owner].remove(i);
        self.pitch_lost(owner, &p);
        self.discard.extend(p.yellow);
        self.discard.push(p.card);
        self.sent_off[owner] += 1;
        log.push(|| Event::SentOff {
            seat: owner,
            card: p.card,
        });
    }

    fn pick_up(&mut self, seat: Seat, i: usize, log: &mut impl Sink) {
        let p = self.pitches[seat].remove(i);
        self.pitch_lost(seat, &p);
        self.discard.extend(p.yellow);
        self.hands[seat].push(p.card);
        log.push(|| Event::PickedUp { seat, card: p.card });
    }

    fn resolve_referee(
        &mut self,
        seat: Seat,
        card: CardId,
        kind: Referee,
        target: RefTarget,
        log: &mut impl Sink,
    ) -> bool {
        self.discard.push(card);
        match kind {
            Referee::AddedTime => {
                self.extra_turns[seat] += 1;
                log.push(|| Event::ExtraTurn { seat });
            }
            Referee::Substitution => {
                if let RefTarget::Swap { out, inn } = target
                    && let Some(i) = self.pitch(seat).iter().position(|p| p.card == out)
                    && self.holds(seat, inn)
                {
                    let old = self.pitches[seat].remove(i);
                    self.discard.extend(old.yellow);
                    remove_card(&mut self.hands[seat], inn);
                    self.hands[seat].push(old.card);
                    self.pitches[seat].push(OnPitch {
                        card: inn,
                        yellow: None,
                        stand_in: None,
                    });
                    self.pitch_changed(seat);
                    log.push(|| Event::Substituted { seat, out, inn });
                }
            }
            Referee::QuickRestart => {
                for _ in 0..2 {
                    if self.outcome.is_some() {
                        break;
                    }
                    self.draw_from_deck(seat, log);
                }
            }
            Referee::SetPiece => {
                let k = self.deck.len().min(3);
                let at = self.deck.len() - k;
                self.limbo = self.deck.split_off(at);
                self.stall = 0;
                // Present them top card first.
                self.limbo.reverse();
                if !self.limbo.is_empty() {
                    self.phase = Phase::SetPiece;
                    return true;
                }
            }
            Referee::TheWall => {
                self.walls[seat] = true;
                log.push(|| Event::WallUp { seat });
            }
            Referee::Reverse => {
                self.clockwise = !self.clockwise;
                let clockwise = self.clockwise;
                log.push(|| Event::Reversed { clockwise });
            }
            Referee::FullTimeWhistle => {
                let next = self.next_seat(seat);
                self.skips[next] += 1;
                log.push(|| Event::WillMissTurn { seat: next });
            }
            Referee::Overturned => {
                if let RefTarget::Player(p) = target
                    && let Some((owner, i)) = self.owner_of_pitch_card(p)
                    && let Some(y) = self.pitches[owner][i].yellow.take()
                {
                    self.discard.push(y);
                    log.push(|| Event::YellowRemoved {
                        seat: owner,
                        card: p,
                    });
                }
            }
            Referee::VarReview | Referee::Offside | Referee::PlayOn => {}
        }
        false
    }

    // ----- the GOOOAL! window -----

    fn call_goal(&mut self, resume: Resume, log: &mut impl Sink) {
        let caller = self.current;
        let nation = self.seven(caller).unwrap_or(0);
        log.push(|| Event::GoalCalled {
            seat: caller,
            nation,
        });
        let opponents = SeatSet::all(self.n()).without(caller);
        self.final_window = Some(FinalWindow {
            caller,
            asking: None,
            pending: opponents,
            resume,
        });
        self.next_final_asker(caller, log);
    }

    /// Moves the GOOOAL! window to the next opponent who can break the 7.
    fn next_final_asker(&mut self, caller: Seat, log: &mut impl Sink) {
        let Some(mut fw) = self.final_window else {
            return;
        };
        fw.asking = None;
        if self.seven(caller).is_some() {
            let mut seat = caller;
            for _ in 0..self.n() {
                seat = self.next_seat(seat);
                if fw.pending.contains(seat) {
                    fw.pending = fw.pending.without(seat);
                    if self.final_eligible(seat, caller) {
                        fw.asking = Some(seat);
                        break;
                    }
                }
            }
        }
        self.final_window = Some(fw);
        if fw.asking.is_some() {
            self.phase = Phase::Final;
        } else {
            self.close_final(log);
        }
    }

    /// After an instant in the window resolved: the same opponent may go on.
    fn continue_final(&mut self, caller: Seat, log: &mut impl Sink) {
        let Some(fw) = self.final_window else { return };
        match fw.asking {
            Some(seat) if self.final_eligible(seat, caller) => self.phase = Phase::Final,
            _ => self.next_final_asker(caller, log),
        }
    }

    fn close_final(&mut self, log: &mut impl Sink) {
        let Some(fw) = self.final_window.take() else {
            return;
        };
        let caller = fw.caller;
        let still_legal = self.seven(caller).is_some();
        log.push(|| Event::WindowClosed {
            caller,
            still_legal,
        });
        if still_legal {
            self.finish(vec![caller], "goal", log);
            return;
        }
        match fw.resume {
            Resume::Draw => self.phase = Phase::Draw,
            Resume::AfterAction => self.go_to_hand_limit(log),
        }
    }

    // ----- legality -----

    fn illegal(&self, action: &Action, rule: impl Into<String>) -> BookedError {
        BookedError::Illegal {
            action: action.notation(&self.cards),
            rule: rule.into(),
        }
    }

    /// Checks `action` for `seat` against the rules without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), BookedError> {
        if self.outcome.is_some() {
            return Err(BookedError::Over(action.notation(&self.cards)));
        }
        if seat.index() >= self.n() {
            return Err(self.illegal(action, format!("there is no {seat} at this table")));
        }
        let may_act = match self.to_act() {
            ToAct::One(s) => s == seat,
            ToAct::Simultaneous(set) => set.contains(seat),
            ToAct::Chance | ToAct::Over => false,
        };
        if !may_act {
            return Err(BookedError::NotYourTurn {
                action: action.notation(&self.cards),
                seat,
                waiting: self.waiting_for(),
            });
        }
        let in_hand = |c: CardId| -> Result<(), BookedError> {
            if self.holds(seat, c) {
                Ok(())
            } else {
                Err(self.illegal(
                    action,
                    format!("{} is not in {seat}'s hand", self.cards.name(c)),
                ))
            }
        };
        let wrong_step = || {
            self.illegal(
                action,
                format!("the match is at the {} step", self.step_name()),
            )
        };
        match (self.phase, action) {
            (Phase::Claim, Action::Claim { nation }) => {
                if usize::from(*nation) >= self.cards.nations.len() {
                    return Err(self.illegal(action, "no such nation"));
                }
                if self.claims.values().any(|c| *c == Some(*nation)) {
                    return Err(self.illegal(action, "derby night: that nation is already claimed"));
                }
                Ok(())
            }
            (Phase::Draft, Action::DraftPass { card }) => in_hand(*card),
            (Phase::Draw, Action::DrawDeck) => Ok(()),
            (Phase::Draw, Action::DrawDiscard) => {
                if self.discard.is_empty() {
                    Err(self.illegal(action, "the discard pile is empty"))
                } else {
                    Ok(())
                }
            }
            (Phase::Draw | Phase::Call, Action::CallGoal) => {
                if self.seven(seat).is_some() {
                    Ok(())
                } else {
                    Err(self.illegal(
                        action,
                        "GOOOAL! needs a legal Starting 7 on your pitch: one nation, 1 GK, 2 DEF, 2 MID, 2 FWD",
                    ))
                }
            }
            (Phase::Call, Action::NoCall) => Ok(()),
            (Phase::Act, a) => self.check_act(seat, a),
            (Phase::Stack, Action::Pass) => Ok(()),
            (Phase::Stack, Action::Respond { card }) => {
                in_hand(*card)?;
                let top = self.stack.last().copied();
                match top {
                    Some(t) if self.final_window.is_some() && !self.rules.strict_var => {
                        let _ = t;
                        Err(self.illegal(
                            action,
                            "without strict VAR, instants in the GOOOAL! window cannot be answered",
                        ))
                    }
                    Some(t) if self.answers(seat, &t, *card) => Ok(()),
                    Some(t) => Err(self.illegal(action, self.why_not_answer(seat, &t, *card))),
                    None => Err(wrong_step()),
                }
            }
            (Phase::SetPiece, Action::Keep { card }) => {
                if self.limbo.contains(card) {
                    Ok(())
                } else {
                    Err(self.illegal(action, "SET PIECE: keep one of the cards you looked at"))
                }
            }
            (Phase::PickUp { victim, nation, .. }, Action::PickUp { card }) => {
                let ok = self.pitch(victim).iter().any(|p| {
                    p.card == *card && p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation)
                });
                if ok {
                    Ok(())
                } else {
                    Err(self.illegal(
                        action,
                        format!(
                            "pick up a card of the tackled nation ({})",
                            self.cards.nation_code(nation)
                        ),
                    ))
                }
            }
            (Phase::Final, Action::Pass) => Ok(()),
            (Phase::Final, Action::Respond { card }) => {
                in_hand(*card)?;
                let caller = self.final_window.map_or(seat, |f| f.caller);
                if self.final_instant_ok(caller, *card) {
                    Ok(())
                } else {
                    Err(self.illegal(
                        action,
                        "in the GOOOAL! window only VAR REVIEW and OFFSIDE! can break the caller's 7",
                    ))
                }
            }
            (Phase::Discard, Action::Discard { card }) => in_hand(*card),
            _ => Err(wrong_step()),
        }
    }

    fn why_not_answer(&self, seat: Seat, top: &StackItem, card: CardId) -> String {
        let top_name = self.cards.name(top.card).to_string();
        match self.card(card) {
            Card::Referee(Referee::VarReview) => {
                format!("you cannot VAR your own card ({top_name})")
            }
            Card::Referee(Referee::Offside) => {
                format!("OFFSIDE! answers a player card just placed, not {top_name}")
            }
            Card::Referee(Referee::PlayOn) => {
                if top.against == Some(seat) {
                    format!("PLAY ON negates a Referee, Yellow or Red card, not {top_name}")
                } else {
                    format!(
                        "PLAY ON negates a card played against you; {top_name} is not against {seat}"
                    )
                }
            }
            _ => format!("only an instant (⚡) can answer {top_name}"),
        }
    }

    fn check_act(&self, seat: Seat, action: &Action) -> Result<(), BookedError> {
        let card_of = |c: CardId| -> Result<Card, BookedError> {
            if self.holds(seat, c) {
                Ok(self.card(c))
            } else {
                Err(self.illegal(
                    action,
                    format!("{} is not in {seat}'s hand", self.cards.name(c)),
                ))
            }
        };
        let target_ok = |target: CardId| -> Result<Seat, BookedError> {
            let Some((owner, _)) = self.owner_of_pitch_card(target) else {
                return Err(self.illegal(
                    action,
                    format!("{} is not on any pitch", self.cards.name(target)),
                ));
            };
            if owner == seat {
                return Err(self.illegal(
                    action,
                    "cards are shown to an opponent's player, not your own",
                ));
            }
            if self.walls[owner] {
                return Err(self.illegal(
                    action,
                    format!("THE WALL protects {owner}'s pitch until their next turn"),
                ));
            }
            Ok(owner)
        };
        match *action {
            Action::PlayPlayer { card } => match card_of(card)? {
                Card::Player { .. } => Ok(()),
                _ => Err(self.illegal(
                    action,
                    "only a squad player can be played to the pitch this way",
                )),
            },
            Action::PlaySuperSub { card, nation, .. } => {
                if card_of(card)? != Card::SuperSub {
                    return Err(self.illegal(action, "that card is not a super sub"));
                }
                if usize::from(nation) >= self.cards.nations.len() {
                    return Err(self.illegal(action, "no such nation"));
                }
                if self.super_subs_on(seat) >= MAX_SUPER_SUBS {
                    return Err(self.illegal(action, "a pitch holds at most 2 super subs"));
                }
                Ok(())
            }
            Action::PlayReferee { card, target } => {
                let Card::Referee(kind) = card_of(card)? else {
                    return Err(self.illegal(action, "that card is not a referee"));
                };
                if kind.is_instant() {
                    return Err(self.illegal(
                        action,
                        "instants (⚡) are played in answer to another card, not as your action",
                    ));
                }
                match (kind, target) {
                    (Referee::Substitution, RefTarget::Swap { out, inn }) => {
                        if !self.pitch(seat).iter().any(|p| p.card == out) {
                            return Err(
                                self.illegal(action, "SUBSTITUTION swaps a card on your own pitch")
                            );
                        }
                        if !self.holds(seat, inn) || !matches!(self.card(inn), Card::Player { .. })
                        {
                            return Err(self.illegal(
                                action,
                                "SUBSTITUTION brings on a player card from your hand",
                            ));
                        }
                        Ok(())
                    }
                    (Referee::Substitution, _) => {
                        Err(self.illegal(action, "SUBSTITUTION needs `out CARD in CARD`"))
                    }
                    (Referee::Overturned, RefTarget::Player(p)) => {
                        match self.owner_of_pitch_card(p) {
                            Some((o, i)) if self.pitches[o][i].yellow.is_some() => Ok(()),
                            _ => Err(self.illegal(
                                action,
                                "OVERTURNED removes a Yellow from a booked player",
                            )),
                        }
                    }
                    (Referee::Overturned, _) => {
                        Err(self.illegal(action, "OVERTURNED needs `on PLAYER`"))
                    }
                    (_, RefTarget::None) => Ok(()),
                    _ => Err(self.illegal(action, format!("{} takes no target", kind.title()))),
                }
            }
            Action::Yellow { card, target } => {
                if card_of(card)? != Card::Yellow {
                    return Err(self.illegal(action, "that card is not a Yellow"));
                }
                target_ok(target).map(|_| ())
            }
            Action::Red { card, target } => {
                if card_of(card)? != Card::Red {
                    return Err(self.illegal(action, "that card is not a Red"));
                }
                target_ok(target).map(|_| ())
            }
            Action::Tackle { card, victim } => {
                let Card::Player { nation, .. } = card_of(card)? else {
                    return Err(
                        self.illegal(action, "tackle by discarding a squad player from your hand")
                    );
                };
                if victim == seat || victim.index() >= self.n() {
                    return Err(self.illegal(action, "tackle an opponent"));
                }
                if self.walls[victim] {
                    return Err(self.illegal(
                        action,
                        format!("THE WALL protects {victim}'s pitch until their next turn"),
                    ));
                }
                if !self.pitch_has_nation(victim, nation) {
                    return Err(self.illegal(
                        action,
                        format!(
                            "{victim}'s pitch has no {} to tackle",
                            self.cards.nation_code(nation)
                        ),
                    ));
                }
                Ok(())
            }
            Action::Pass => {
                let mut acts = Vec::new();
                self.act_actions(seat, &mut acts, false);
                if acts.is_empty() {
                    Ok(())
                } else {
                    Err(self.illegal(action, "you must do one thing when you can"))
                }
            }
            Action::Respond { .. } => Err(self.illegal(
                action,
                "instants (⚡) are played in answer to another card, not as your action",
            )),
            _ => Err(self.illegal(action, "the match is at the do-one step")),
        }
    }

    fn waiting_for(&self) -> String {
        match self.to_act() {
            ToAct::One(s) => format!("waiting for {s} to {}", self.step_name()),
            ToAct::Simultaneous(set) => {
                let seats: Vec<String> = set.iter().map(|s| s.0.to_string()).collect();
                format!(
                    "waiting for seats {} to pick cards to pass",
                    seats.join(", ")
                )
            }
            ToAct::Chance => "waiting for chance".into(),
            ToAct::Over => "the match is over".into(),
        }
    }

    fn step_name(&self) -> &'static str {
        match self.phase {
            Phase::Claim => "claim",
            Phase::Draft => "squad rotation",
            Phase::Draw => "draw",
            Phase::Act => "do-one",
            Phase::Stack => "answer",
            Phase::SetPiece => "set piece",
            Phase::PickUp { .. } => "pick-up",
            Phase::Call => "call",
            Phase::Final => "GOOOAL! window",
            Phase::Discard => "hand-limit",
            Phase::Over => "final whistle",
        }
    }

    /// The turn's possible actions. With `all` false it stops at the first.
    ///
    /// This runs for every do-one decision of every simulated match, so it
    /// reads the card table directly and marks the card kinds already
    /// listed in a bit set instead of looking back through the hand.
    fn act_actions(&self, seat: Seat, out: &mut Vec<Action>, all: bool) {
        let hand = self.hand(seat);
        let n = self.n();
        // Opponents whose pitch may be tackled or shown a card, with the
        // nations on it, looked up once for every card in the hand (by
        // reference: copying six bit sets cost more than the look-ups).
        const NO_NATIONS: NationSet = NationSet([0; 4]);
        let mut open = [(Seat(0), &NO_NATIONS); MAX_SEATS];
        let mut opens = 0;
        for v in Seat::all(n) {
            if v != seat
                && !self.walls[v]
                && let (Some(slot), Some(set)) = (open.get_mut(opens), self.nations_on.get(v))
            {
                *slot = (v, set);
                opens += 1;
            }
        }
        let open = &open[..opens];
        // Every nation some open pitch shows: most squad players tackle no
        // one, and this spares them the look at each pitch.
        let mut tacklable = NO_NATIONS;
        for (_, set) in open {
            tacklable.add_all(set);
        }
        // Identical cards (two copies of a referee) give identical choices;
        // list only the first copy. Squad players are all different.
        let mut listed = 0u16;
        for &card in hand {
            if !all && !out.is_empty() {
                return;
            }
            let c = self.card(card);
            // One bit a kind: SuperSub bit 0, the officials bits 1 to 11
            // (checked below), then Yellow, Red and the quick rules.
            const _: () = assert!(Referee::ALL.len() <= 12);
            let kind = match c {
                Card::Player { .. } => 0,
                Card::SuperSub => 1,
                Card::Referee(k) => 2 << (k as u16),
                Card::Yellow => 1 << 13,
                Card::Red => 1 << 14,
                Card::QuickRules => 1 << 15,
            };
            if listed & kind != 0 {
                continue;
            }
            listed |= kind;
            match c {
                Card::Player { nation, .. } => {
                    out.push(Action::PlayPlayer { card });
                    if tacklable.contains(nation) {
                        for (v, set) in open {
                            if set.contains(nation) {
                                out.push(Action::Tackle { card, victim: *v });
                            }
                        }
                    }
                }
                Card::SuperSub => {
                    if self.super_subs_on(seat) < MAX_SUPER_SUBS {
                        let nations = self.cards.nations.len() as u8;
                        out.reserve(usize::from(nations) * Position::ALL.len());
                        for nation in 0..nations {
                            for position in Position::ALL {
                                out.push(Action::PlaySuperSub {
                                    card,
                                    nation,
                                    position,
                                });
                            }
                        }
                    }
                }
                Card::Referee(kind) => match kind {
                    Referee::VarReview | Referee::Offside | Referee::PlayOn => {}
                    Referee::Substitution => {
                        for p in self.pitch(seat) {
                            for &h in hand {
                                if matches!(self.card(h), Card::Player { .. }) {
                                    out.push(Action::PlayReferee {
                                        card,
                                        target: RefTarget::Swap {
                                            out: p.card,
                                            inn: h,
                                        },
                                    });
                                }
                            }
                        }
                    }
                    Referee::Overturned => {
                        for p in self.pitches.values().flatten() {
                            if p.yellow.is_some() {
                                out.push(Action::PlayReferee {
                                    card,
                                    target: RefTarget::Player(p.card),
                                });
                            }
                        }
                    }
                    _ => out.push(Action::PlayReferee {
                        card,
                        target: RefTarget::None,
                    }),
                },
                Card::Yellow => {
                    for &(v, _) in open {
                        out.extend(self.pitch(v).iter().map(|p| Action::Yellow {
                            card,
                            target: p.card,
                        }));
                    }
                }
                Card::Red => {
                    for &(v, _) in open {
                        out.extend(self.pitch(v).iter().map(|p| Action::Red {
                            card,
                            target: p.card,
                        }));
                    }
                }
                Card::QuickRules => {}
            }
        }
    }

    // ----- applying -----

    fn apply_inner(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl Sink,
    ) -> Result<(), BookedError> {
        self.check(seat, action)?;
        match (self.phase, *action) {
            (Phase::Claim, Action::Claim { nation }) => {
                self.claims[seat] = Some(nation);
                log.push(|| Event::Claimed { seat, nation });
                // Claims go round once from the first manager, so after the
                // last claim the next seat is the first manager again.
                self.current = seat.step(self.n(), true);
                if self.claims.values().all(Option::is_some) {
                    self.deal(log);
                }
            }
            (Phase::Draft, Action::DraftPass { card }) => {
                remove_card(&mut self.hands[seat], card);
                self.draft[seat].push(card);
                if self.draft.values().all(|d| d.len() >= DRAFT_PASS) {
                    let n = self.n();
                    let passes: Vec<Vec<CardId>> =
                        self.draft.values_mut().map(std::mem::take).collect();
                    for (i, cards) in passes.into_iter().enumerate() {
                        let to = Seat(i as u8).step(n, true);
                        self.hands[to].extend(cards);
                    }
                    log.push(|| Event::DraftPassed);
                    self.flip_and_kick_off(log);
                }
            }
            (Phase::Draw, Action::DrawDeck) => {
                self.phase = Phase::Act;
                self.draw_from_deck(seat, log);
            }
            (Phase::Draw, Action::DrawDiscard) => {
                if let Some(c) = self.discard.pop() {
                    self.hands[seat].push(c);
                    log.push(|| Event::Drew {
                        seat,
                        from: Pile::Discard,
                        card: c,
                    });
                }
                self.phase = Phase::Act;
            }
            (Phase::Draw, Action::CallGoal) => self.call_goal(Resume::Draw, log),
            (Phase::Call, Action::CallGoal) => self.call_goal(Resume::AfterAction, log),
            (Phase::Call, Action::NoCall) => self.go_to_hand_limit(log),
            (Phase::Act, Action::Pass) => self.after_action(log),
            (Phase::Act, a) => self.play_action(seat, a, log),
            (Phase::Stack, Action::Pass) => {
                if let Some(mut w) = self.window.take() {
                    w.pass(|s| self.can_answer_top(s));
                    self.window = Some(w);
                }
                self.drive_stack(log);
            }
            (Phase::Stack, Action::Respond { card }) => {
                remove_card(&mut self.hands[seat], card);
                let kind = match self.card(card) {
                    Card::Referee(k) => k,
                    _ => Referee::VarReview,
                };
                self.push_item(seat, card, Play::Instant(kind), log);
            }
            (Phase::SetPiece, Action::Keep { card }) => {
                remove_card(&mut self.limbo, card);
                self.hands[seat].push(card);
                let rest = std::mem::take(&mut self.limbo);
                let to_bottom = rest.len() as u8;
                // The rest slide under the deck as a packet, keeping the order
                // they were seen in: the first seen lies above the others.
                for (i, c) in rest.into_iter().rev().enumerate() {
                    self.deck.insert(i, c);
                }
                log.push(|| Event::SetPiece {
                    seat,
                    kept: card,
                    to_bottom,
                });
                if self.deck.is_empty() {
                    self.deck_ran_dry(log);
                }
                if self.outcome.is_none() {
                    self.after_action(log);
                }
            }
            (
                Phase::PickUp {
                    victim,
                    nation,
                    left,
                },
                Action::PickUp { card },
            ) => {
                if let Some(i) = self.pitch(victim).iter().position(|p| p.card == card) {
                    self.pick_up(victim, i, log);
                }
                let more = self
                    .pitch(victim)
                    .iter()
                    .any(|p| p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation));
                if left > 1 && more {
                    self.phase = Phase::PickUp {
                        victim,
                        nation,
                        left: left - 1,
                    };
                } else {
                    self.after_action(log);
                }
            }
            (Phase::Final, Action::Pass) => {
                if let Some(fw) = self.final_window {
                    self.next_final_asker(fw.caller, log);
                }
            }
            (Phase::Final, Action::Respond { card }) => {
                remove_card(&mut self.hands[seat], card);
                let kind = match self.card(card) {
                    Card::Referee(k) => k,
                    _ => Referee::VarReview,
                };
                self.push_item(seat, card, Play::Final(kind), log);
            }
            (Phase::Discard, Action::Discard { card }) => {
                remove_card(&mut self.hands[seat], card);
                self.discard.push(card);
                log.push(|| Event::Discarded { seat, card });
                self.go_to_hand_limit(log);
            }
            // `check` accepted only the pairs above.
            _ => {}
        }
        Ok(())
    }

    fn play_action(&mut self, seat: Seat, action: Action, log: &mut impl Sink) {
        let (card, play) = match action {
            Action::PlayPlayer { card } => (card, Play::Player),
            Action::PlaySuperSub {
                card,
                nation,
                position,
            } => (card, Play::SuperSub { nation, position }),
            Action::PlayReferee { card, target } => {
                let Card::Referee(kind) = self.card(card) else {
                    return;
                };
                (card, Play::Referee(kind, target))
            }
            Action::Yellow { card, target } => (card, Play::Yellow { target }),
            Action::Red { card, target } => (card, Play::Red { target }),
            Action::Tackle { card, victim } => {
                let Card::Player { nation, .. } = self.card(card) else {
                    return;
                };
                (card, Play::Tackle { victim, nation })
            }
            _ => return,
        };
        remove_card(&mut self.hands[seat], card);
        let cards = &self.cards;
        log.push(|| Event::Played {
            seat,
            card,
            action: action.notation(cards),
        });
        self.push_item(seat, card, play, log);
    }

    /// A public description of the step, for views.
    pub(super) fn step(&self) -> Step {
        match self.phase {
            Phase::Claim => Step::Claim,
            Phase::Draft => Step::Draft,
            Phase::Draw => Step::Draw,
            Phase::Act => Step::Act,
            Phase::Stack => Step::Answer,
            Phase::SetPiece => Step::SetPiece,
            Phase::PickUp {
                victim,
                nation,
                left,
            } => Step::PickUp {
                victim,
                nation,
                left,
            },
            Phase::Call => Step::Call,
            Phase::Final => Step::GoalWindow {
                caller: self.final_window.map_or(self.current, |f| f.caller),
            },
            Phase::Discard => Step::Discard,
            Phase::Over => Step::Over,
        }
    }

    pub(super) fn stack_view(&self) -> Vec<StackView> {
        self.stack
            .iter()
            .map(|i| StackView {
                seat: i.seat,
                card: i.card,
                play: i.play,
                against: i.against,
                cancelled: i.cancelled,
                offside: i.offside,
            })
            .collect()
    }
}

impl Game for Booked {
    type Config = BookedConfig;
    type Action = Action;
    type View = BookedView;
    type Event = Event;
    type Error = BookedError;

    fn new(config: &BookedConfig, seed: u64) -> Result<Self, BookedError> {
        let mut g = Booked::setup(config, seed)?;
        g.begin(config.first, &mut NoLog);
        Ok(g)
    }

    fn seat_count(&self) -> usize {
        self.n()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Over => ToAct::Over,
            Phase::Draft => {
                let mut set = SeatSet::EMPTY;
                for (s, d) in self.draft.iter() {
                    if d.len() < DRAFT_PASS {
                        set = set.with(s);
                    }
                }
                ToAct::Simultaneous(set)
            }
            Phase::Stack => match self.window.as_ref().and_then(Window::asking) {
                Some(s) => ToAct::One(s),
                None => ToAct::Over,
            },
            Phase::Final => match self.final_window.and_then(|f| f.asking) {
                Some(s) => ToAct::One(s),
                None => ToAct::Over,
            },
            Phase::PickUp { victim, .. } => ToAct::One(victim),
            _ => ToAct::One(self.current),
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
        let hand = self.hand(seat);
        match self.phase {
            Phase::Claim => {
                for nation in 0..self.cards.nations.len() as u8 {
                    if !self.claims.values().any(|c| *c == Some(nation)) {
                        out.push(Action::Claim { nation });
                    }
                }
            }
            Phase::Draft => out.extend(hand.iter().map(|&card| Action::DraftPass { card })),
            Phase::Draw => {
                out.push(Action::DrawDeck);
                if !self.discard.is_empty() {
                    out.push(Action::DrawDiscard);
                }
                if self.seven(seat).is_some() {
                    out.push(Action::CallGoal);
                }
            }
            Phase::Call => {
                out.push(Action::CallGoal);
                out.push(Action::NoCall);
            }
            Phase::Act => {
                self.act_actions(seat, out, true);
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Phase::Stack => {
                out.push(Action::Pass);
                if let Some(top) = self.stack.last() {
                    for &card in hand {
                        if self.answers(seat, top, card) && !out.contains(&Action::Respond { card })
                        {
                            out.push(Action::Respond { card });
                        }
                    }
                }
            }
            Phase::Final => {
                out.push(Action::Pass);
                let caller = self.final_window.map_or(seat, |f| f.caller);
                for &card in hand {
                    if self.final_instant_ok(caller, card) {
                        out.push(Action::Respond { card });
                    }
                }
            }
            Phase::SetPiece => out.extend(self.limbo.iter().map(|&card| Action::Keep { card })),
            Phase::PickUp { victim, nation, .. } => {
                for p in self.pitch(victim) {
                    if p.counts_as(&self.cards).is_some_and(|(n, _)| n == nation) {
                        out.push(Action::PickUp { card: p.card });
                    }
                }
            }
            Phase::Discard => out.extend(hand.iter().map(|&card| Action::Discard { card })),
            Phase::Over => {}
        }
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl crate::engine::Sink<Event>,
    ) -> Result<(), BookedError> {
        self.apply_inner(seat, action, log)
    }

    fn view(&self, seat: Seat) -> BookedView {
        BookedView::of(self, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}

#[cfg(test)]
mod summarise_tests {
    use super::*;
    use rand::RngExt as _;

    /// A set of `nations` nations of four players each, and two super subs.
    fn set(nations: u8) -> CardSet {
        let mut cards = Vec::new();
        for nation in 0..nations {
            for position in Position::ALL {
                cards.push(Card::Player {
                    nation,
                    position,
                    rating: 5,
                });
            }
        }
        cards.extend([Card::SuperSub, Card::SuperSub, Card::Yellow]);
        CardSet {
            names: (0..cards.len()).map(|i| format!("c{i}")).collect(),
            cards,
            nations: (0..nations).map(|n| format!("N{n}")).collect(),
            nation_names: Vec::new(),
        }
    }

    /// Random matches of 2 to 6 managers under `rules`, `seeds` a size:
    /// `step` sees each action's match before and after it.
    fn random_matches(rules: &HouseRules, seeds: u64, mut step: impl FnMut(&Booked, &Booked)) {
        use crate::engine::{Game as _, ToAct};
        let deck = crate::games::booked::deck::BookedDeck::default_set().expect("the default deck");
        let cards = std::sync::Arc::new(deck.card_set());
        let mut rng = crate::engine::GameRng::seed_from_u64(11);
        for seats in 2..=6u8 {
            let config = BookedConfig::new(cards.clone(), rules.clone(), seats);
            for seed in 0..seeds {
                let mut g = Booked::new(&config, seed).expect("a match");
                let mut legal = Vec::new();
                for _ in 0..3_000 {
                    let seat = match g.to_act() {
                        ToAct::One(s) => s,
                        ToAct::Simultaneous(set) => set.iter().next().expect("a seat"),
                        ToAct::Chance | ToAct::Over => break,
                    };
                    g.legal_actions(seat, &mut legal);
                    let Some(a) = legal.get(rng.random_range(0..legal.len().max(1))).copied()
                    else {
                        break;
                    };
                    let before = g.clone();
                    g.apply(seat, &a).expect("a legal action");
                    step(&before, &g);
                }
            }
        }
    }

    /// The caches a placement or a removal updates without counting the
    /// whole pitch ([`Booked::pitch_gained`], [`Booked::pitch_lost`])
    /// always equal a full count, through whole random matches of every
    /// size.
    #[test]
    fn the_pitch_caches_always_equal_a_full_count() {
        let (mut placed, mut removed) = (0, 0);
        random_matches(&HouseRules::default(), 20, |before, g| {
            let on = |g: &Booked| g.pitches.values().map(Vec::len).sum::<usize>();
            placed += usize::from(on(g) > on(before));
            removed += usize::from(on(g) < on(before));
            for s in Seat::all(g.n()) {
                let (best, nations) = summarise(g.pitch(s), &g.cards);
                let seven = best.and_then(|(n, f)| (f == 7).then_some(n));
                assert_eq!(g.sevens[s], seven, "{} seats, {s}", g.n());
                assert_eq!(g.nations_on[s], nations, "{} seats, {s}", g.n());
            }
        });
        assert!(placed > 1_000, "only {placed} placements");
        assert!(removed > 200, "only {removed} removals");
    }

    /// The window's quick test of a whole hand ([`Booked::can_answer_top`])
    /// says what asking each card ([`Booked::answers`]) says, at every
    /// moment of random matches of every size, with and without strict VAR.
    #[test]
    fn the_quick_answer_test_agrees_with_each_card() {
        let (mut yes, mut no) = (0, 0);
        for strict_var in [false, true] {
            let rules = HouseRules {
                strict_var,
                ..HouseRules::default()
            };
            random_matches(&rules, 10, |_, g| {
                let Some(top) = g.stack.last().copied() else {
                    return;
                };
                let quiet = g.final_window.is_some() && !g.rules.strict_var;
                for s in Seat::all(g.n()) {
                    let each = !quiet && g.hand(s).iter().any(|&c| g.answers(s, &top, c));
                    assert_eq!(g.can_answer_top(s), each, "{} seats, {s}", g.n());
                    if each {
                        yes += 1;
                    } else {
                        no += 1;
                    }
                }
            });
        }
        assert!(yes > 500 && no > 500, "{yes} answerable, {no} not");
    }

    #[test]
    fn the_small_table_counts_as_the_wide_one() {
        let mut rng = crate::engine::GameRng::seed_from_u64(7);
        for nations in [1u8, 14, 32, 33, 60] {
            let cards = set(nations);
            for _ in 0..500 {
                let len = rng.random_range(0..30);
                let pitch: Vec<OnPitch> = (0..len)
                    .map(|_| {
                        let card = rng.random_range(0..cards.cards.len()) as CardId;
                        // Stand-ins name any nation, some beyond the set.
                        let nation = rng.random_range(0..nations.saturating_add(3));
                        let position = Position::ALL[rng.random_range(0..4)];
                        OnPitch {
                            card,
                            yellow: None,
                            stand_in: Some((nation, position)),
                        }
                    })
                    .collect();
                assert_eq!(
                    summarise(&pitch, &cards),
                    summarise_wide(&pitch, &cards),
                    "{nations} nations, {pitch:?}"
                );
            }
        }
    }
}

//! The Flip Duel match state and its rules.
//!
//! Pure: no file system, clocks, threads or UI. The packs are shuffled by
//! the seeded RNG kept in the state, inside `apply`, so the same seed and
//! the same actions always give the same match.

use super::FlipDuelError;
use super::action::Action;
use super::cards::{Area, CardId, CardSet, Mark};
use super::event::Event;
use super::view::{FlipDuelView, Step};
use crate::engine::{BySeat, Game, GameRng, Outcome, Seat, SeatSet, ToAct};
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Cards each player sets aside for injury time (official rules).
pub const INJURY_CARDS: u8 = 8;
/// Successful attacks in a row that earn a shot.
pub const RUN_FOR_SHOT: u8 = 3;
/// The largest hand the hand house rule allows.
pub const MAX_HAND: u8 = 5;
/// Seats at the table: seat 0 plays the first pack (Red), seat 1 the second
/// (Blue).
pub const SEATS: usize = 2;

/// The other player.
pub fn other(seat: Seat) -> Seat {
    if seat.0 == 0 { Seat(1) } else { Seat(0) }
}

/// Everything needed to start a match except the seed. [`FlipDuelConfig::new`]
/// gives the official rules; every other value is a house rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlipDuelConfig {
    /// The validated packs (seat 0's team first).
    pub cards: Arc<CardSet>,
    /// Cards each player sets aside for injury time (official: 8; 0 plays
    /// no injury time).
    #[serde(default = "default_injury_cards")]
    pub injury_cards: u8,
    /// Cards each player lays in a half (official: `None`, the whole pack
    /// but the injury-time cards, 45). A shorter match leaves the rest of
    /// the shuffled pack unused in that half.
    #[serde(default)]
    pub half_cards: Option<u8>,
    /// Hand house rule: each player holds this many cards and chooses which
    /// to lay (official: 0, the top card of the pack is laid blind).
    #[serde(default)]
    pub hand: u8,
    /// Who attacks first: the youngest player (official: the shell asks and
    /// sets it; seat 0 when nobody says), or `None` for a toss by the RNG.
    #[serde(default = "default_first_attacker")]
    pub first_attacker: Option<Seat>,
    /// Injury-time house rule: always this many injury-time cards instead of
    /// the assistant referee's number (official: `None`).
    #[serde(default)]
    pub fixed_injury_time: Option<u8>,
    /// "Players flip over their entire unused packs": a flip turns each
    /// held pack upside down, so the next card laid is the one that was at
    /// the bottom (official: `true`, decision 22). `false` is the house
    /// rule that keeps laying from the same end; a save made before this
    /// rule existed reads as `false`, the way it was played.
    #[serde(default)]
    pub turn_packs_over: bool,
}

fn default_injury_cards() -> u8 {
    INJURY_CARDS
}

fn default_first_attacker() -> Option<Seat> {
    Some(Seat(0))
}

impl FlipDuelConfig {
    /// The official rules with these packs.
    pub fn new(cards: Arc<CardSet>) -> Self {
        FlipDuelConfig {
            cards,
            injury_cards: INJURY_CARDS,
            half_cards: None,
            hand: 0,
            first_attacker: Some(Seat(0)),
            fixed_injury_time: None,
            turn_packs_over: true,
        }
    }

    /// Whether every house rule is off.
    pub fn is_official(&self) -> bool {
        self.injury_cards == INJURY_CARDS
            && self.half_cards.is_none()
            && self.hand == 0
            && self.fixed_injury_time.is_none()
            && self.turn_packs_over
    }

    /// Checks the configuration and resolves it into the [`Rules`] a match
    /// keeps.
    pub fn rules(&self) -> Result<Rules, FlipDuelError> {
        let bad = |m: String| Err(FlipDuelError::Config(m));
        let pack = self.cards.pack_size();
        if pack == 0 || self.cards.len() != 2 * pack || pack > usize::from(u8::MAX) {
            return bad("the card set needs two packs of the same size (1-255 cards)".into());
        }
        for (i, c) in self.cards.cards.iter().enumerate() {
            if usize::from(c.team) != i / pack {
                return bad(format!("{} is in the wrong pack", c.id));
            }
        }
        let injury = usize::from(self.injury_cards);
        if injury >= pack {
            return bad(format!(
                "{injury} injury-time cards leave nothing to play from a pack of {pack}"
            ));
        }
        let half = match self.half_cards {
            None => pack - injury,
            Some(0) => return bad("a half needs at least one card".into()),
            Some(h) if usize::from(h) + injury > pack => {
                return bad(format!(
                    "{h} cards a half and {injury} for injury time need {} cards, a pack has {pack}",
                    usize::from(h) + injury
                ));
            }
            Some(h) => usize::from(h),
        };
        if self.hand > MAX_HAND {
            return bad(format!(
                "a hand holds at most {MAX_HAND} cards, not {}",
                self.hand
            ));
        }
        if let Some(s) = self.first_attacker
            && s.index() >= SEATS
        {
            return bad(format!("there are two seats, 0 and 1, not {}", s.0));
        }
        if let Some(n) = self.fixed_injury_time
            && n > self.injury_cards
        {
            return bad(format!(
                "{n} injury-time cards, but only {} are set aside",
                self.injury_cards
            ));
        }
        Ok(Rules {
            injury_cards: self.injury_cards,
            half_cards: half as u32,
            hand: self.hand,
            first_attacker: self.first_attacker,
            fixed_injury_time: self.fixed_injury_time,
            turn_packs_over: self.turn_packs_over,
        })
    }
}

/// The resolved configuration a match keeps (the card set is kept apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Cards each player sets aside for injury time.
    pub injury_cards: u8,
    /// Cards each player lays in a half.
    pub half_cards: u32,
    /// Cards in hand (0: lay the top card).
    pub hand: u8,
    /// Who attacks first (`None`: a toss).
    pub first_attacker: Option<Seat>,
    /// A fixed injury time instead of the assistant referee's number.
    pub fixed_injury_time: Option<u8>,
    /// A flip turns the held packs upside down.
    #[serde(default)]
    pub turn_packs_over: bool,
}

/// A stretch of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Period {
    /// The first 45 cards.
    FirstHalf,
    /// The second 45 cards, after the packs are re-sorted and shuffled.
    SecondHalf,
    /// The injury-time cards.
    InjuryTime,
    /// The match is over.
    FullTime,
}

impl Period {
    /// The key used in files and logs.
    pub fn key(self) -> &'static str {
        match self {
            Period::FirstHalf => "first_half",
            Period::SecondHalf => "second_half",
            Period::InjuryTime => "injury_time",
            Period::FullTime => "full_time",
        }
    }

    /// Parses a key.
    pub fn parse(s: &str) -> Option<Period> {
        [
            Period::FirstHalf,
            Period::SecondHalf,
            Period::InjuryTime,
            Period::FullTime,
        ]
        .into_iter()
        .find(|p| p.key() == s.trim())
    }
}

/// Why the attacker is shooting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShotFrom {
    /// Three successful attacks in a row.
    ThreeInARow,
    /// A long ball.
    LongBall,
    /// A rebound off a defender or the keeper.
    Rebound,
    /// A corner.
    Corner,
}

impl ShotFrom {
    /// The key used in files and logs.
    pub fn key(self) -> &'static str {
        match self {
            ShotFrom::ThreeInARow => "three_in_a_row",
            ShotFrom::LongBall => "long_ball",
            ShotFrom::Rebound => "rebound",
            ShotFrom::Corner => "corner",
        }
    }
}

/// What the next pair of cards is read for: public, both players know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Play {
    /// Open play: the attack area against the defend area, `run`
    /// successful attacks in a row so far (0-2).
    Open {
        /// Successful attacks in a row by the attacker.
        run: u8,
    },
    /// A shot on goal: the goal area against the save area.
    Shot {
        /// What earned it.
        from: ShotFrom,
    },
    /// A penalty: the penalty areas.
    Penalty,
    /// A free kick: the free-kick areas.
    FreeKick,
}

impl Play {
    /// Open play with no run: after every flip.
    pub const KICK_OFF: Play = Play::Open { run: 0 };

    /// The area both cards are read in.
    pub fn area(self) -> Area {
        match self {
            Play::Open { .. } => Area::Attack,
            Play::Shot { .. } => Area::Goal,
            Play::Penalty => Area::Penalty,
            Play::FreeKick => Area::FreeKick,
        }
    }

    /// The key used in files and logs (`open`, `shot`, `penalty`,
    /// `free_kick`).
    pub fn key(self) -> &'static str {
        match self {
            Play::Open { .. } => "open",
            Play::Shot { .. } => "shot",
            Play::Penalty => "penalty",
            Play::FreeKick => "free_kick",
        }
    }
}

/// What one pair of cards did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LayResult {
    /// A defender in the ball's section: tackled.
    Tackled,
    /// Caught offside.
    Offside,
    /// Fouled in the defend area: a free kick.
    FreeKickWon,
    /// A long ball: the next card is a shot.
    LongBall,
    /// The attack got through; `run` successful attacks in a row.
    Through {
        /// The run so far, counting this one.
        run: u8,
    },
    /// A goal.
    Goal,
    /// Saved by the goalkeeper (or the penalty-block symbol).
    Saved,
    /// Blocked by a defender (or the free-kick wall).
    Blocked,
    /// Missed: no net where the ball went.
    Missed,
    /// Off the post or the crossbar.
    Post,
    /// Fouled in the save area: a penalty.
    PenaltyWon,
    /// A rebound: another shot.
    Rebound,
    /// A corner: another shot.
    Corner,
}

impl LayResult {
    /// Reads a pair of cards: what `mark` (the defence side's section where
    /// the attacker's ball lies) means in `play`. The loader only lets an
    /// area hold its own marks; any other mark reads as the area's
    /// "nothing happens" (open grass, or no net).
    pub fn of(play: Play, mark: Mark) -> LayResult {
        match play {
            Play::Open { run } => match mark {
                Mark::Defender => LayResult::Tackled,
                Mark::Offside => LayResult::Offside,
                Mark::Foul => LayResult::FreeKickWon,
                Mark::LongBall => LayResult::LongBall,
                _ => LayResult::Through {
                    run: run.saturating_add(1),
                },
            },
            Play::Shot { .. } => match mark {
                Mark::Net => LayResult::Goal,
                Mark::Keeper => LayResult::Saved,
                Mark::Defender => LayResult::Blocked,
                Mark::Foul => LayResult::PenaltyWon,
                Mark::Rebound => LayResult::Rebound,
                Mark::Corner => LayResult::Corner,
                _ => LayResult::Missed,
            },
            Play::Penalty | Play::FreeKick => match mark {
                Mark::Net => LayResult::Goal,
                Mark::Block | Mark::Keeper => LayResult::Saved,
                Mark::Wall | Mark::Defender => LayResult::Blocked,
                Mark::Post => LayResult::Post,
                _ => LayResult::Missed,
            },
        }
    }

    /// What comes next: `None` flips the packs (the attack is over), or the
    /// attacker keeps the ball for this play.
    pub fn next(self) -> Option<Play> {
        match self {
            LayResult::FreeKickWon => Some(Play::FreeKick),
            LayResult::LongBall => Some(Play::Shot {
                from: ShotFrom::LongBall,
            }),
            LayResult::Through { run } if run >= RUN_FOR_SHOT => Some(Play::Shot {
                from: ShotFrom::ThreeInARow,
            }),
            LayResult::Through { run } => Some(Play::Open { run }),
            LayResult::PenaltyWon => Some(Play::Penalty),
            LayResult::Rebound => Some(Play::Shot {
                from: ShotFrom::Rebound,
            }),
            LayResult::Corner => Some(Play::Shot {
                from: ShotFrom::Corner,
            }),
            LayResult::Tackled
            | LayResult::Offside
            | LayResult::Goal
            | LayResult::Saved
            | LayResult::Blocked
            | LayResult::Missed
            | LayResult::Post => None,
        }
    }

    /// A short name for logs and files.
    pub fn key(self) -> &'static str {
        match self {
            LayResult::Tackled => "tackled",
            LayResult::Offside => "offside",
            LayResult::FreeKickWon => "free_kick_won",
            LayResult::LongBall => "long_ball",
            LayResult::Through { .. } => "through",
            LayResult::Goal => "goal",
            LayResult::Saved => "saved",
            LayResult::Blocked => "blocked",
            LayResult::Missed => "missed",
            LayResult::Post => "post",
            LayResult::PenaltyWon => "penalty_won",
            LayResult::Rebound => "rebound",
            LayResult::Corner => "corner",
        }
    }
}

/// A team's match statistics (counted for the team that attacked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamStats {
    /// Goals scored (open play, penalties and free kicks).
    pub goals: u32,
    /// Shots on goal taken (each card read in the goal area).
    pub shots: u32,
    /// Penalties taken.
    pub penalties: u32,
    /// Free kicks taken.
    pub free_kicks: u32,
    /// Times tackled.
    pub tackled: u32,
    /// Times caught offside.
    pub offsides: u32,
    /// Long balls played.
    pub long_balls: u32,
    /// Corners won.
    pub corners: u32,
    /// Rebounds won.
    pub rebounds: u32,
    /// Shots, penalties and free kicks off the post or the crossbar.
    pub posts: u32,
}

/// The last pair of cards, as both players saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayReport {
    /// The attacking player.
    pub attacker: Seat,
    /// The card laid attack side up.
    pub attack: CardId,
    /// The card laid defence side up.
    pub defend: CardId,
    /// What the cards were read for.
    pub play: Play,
    /// The ball's section (0-4).
    pub section: u8,
    /// What the defence side showed there.
    pub mark: Mark,
    /// What it meant.
    pub result: LayResult,
}

/// The step the match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Both players set their injury-time cards aside, secretly.
    Choose,
    /// Both players lay a card at the same moment.
    Lay,
    /// The match is over.
    Over,
}

/// Where the cards a setup does not list go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rest {
    /// Shuffled under the listed pack cards (default).
    #[default]
    Pack,
    /// On the played pile, under the listed played cards.
    Played,
    /// Set aside for injury time, after the listed ones.
    Aside,
}

/// One seat's cards in a [`Setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSetup {
    /// The pack's top cards, top first.
    pub pack: Vec<CardId>,
    /// The hand (hand house rule).
    pub hand: Vec<CardId>,
    /// The cards set aside for injury time, in the order they will be laid.
    pub aside: Vec<CardId>,
    /// Cards played face up this half, oldest first.
    pub played: Vec<CardId>,
    /// Where the seat's unlisted cards go.
    pub rest: Rest,
}

/// An exact position to start from (scenarios, worked examples), checked
/// by [`FlipDuel::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Start in the injury-time choice (`true`) or with cards being laid.
    pub choosing: bool,
    /// The period.
    pub period: Period,
    /// Cards already laid in this period.
    pub lays: u32,
    /// In injury time: how many injury-time cards are laid in all.
    pub injury_lays: u8,
    /// The attacking player.
    pub attacker: Seat,
    /// Who attacked first in the first half.
    pub kicked_off: Seat,
    /// What the next cards are read for.
    pub play: Play,
    /// Goals, seat 0 then seat 1.
    pub score: [u32; 2],
    /// Both seats' cards.
    pub seats: [SeatSetup; 2],
    /// Injury time is played from the aside piles in this order (`false`
    /// shuffles them when injury time starts, as in play).
    pub keep_aside_order: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            choosing: false,
            period: Period::FirstHalf,
            lays: 0,
            injury_lays: 0,
            attacker: Seat(0),
            kicked_off: Seat(0),
            play: Play::KICK_OFF,
            score: [0, 0],
            seats: [SeatSetup::default(), SeatSetup::default()],
            keep_aside_order: false,
        }
    }
}

/// A Flip Duel match.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FlipDuel {
    pub(super) cards: Arc<CardSet>,
    pub(super) rules: Rules,
    pub(super) rng: GameRng,
    pub(super) phase: Phase,
    pub(super) period: Period,
    /// Face down; the top card is the last element.
    pub(super) packs: BySeat<Vec<CardId>>,
    pub(super) hands: BySeat<Vec<CardId>>,
    /// The injury-time cards; in injury time the top card is the last.
    pub(super) aside: BySeat<Vec<CardId>>,
    /// Face up, this half (and injury time), oldest first.
    pub(super) played: BySeat<Vec<CardId>>,
    /// Face down on the table until both have laid.
    pub(super) laid: BySeat<Option<CardId>>,
    pub(super) attacker: Seat,
    pub(super) kicked_off: Seat,
    pub(super) play: Play,
    pub(super) score: [u32; 2],
    pub(super) lays: u32,
    pub(super) injury_lays: u8,
    pub(super) keep_aside_order: bool,
    pub(super) stats: [TeamStats; 2],
    pub(super) flips: u32,
    pub(super) last: Option<LayReport>,
    pub(super) turns: u32,
    pub(super) outcome: Option<Outcome>,
}

/// The engine's event sink for this game's events (a list, or
/// [`NoLog`] on the fast path).
pub(super) trait Sink: crate::engine::Sink<Event> {}

impl<T: crate::engine::Sink<Event>> Sink for T {}

pub(super) use crate::engine::NoLog;

fn remove_card(v: &mut Vec<CardId>, card: CardId) -> bool {
    match v.iter().position(|&c| c == card) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

fn idx(seat: Seat) -> usize {
    seat.index().min(1)
}

impl FlipDuel {
    // ----- reading the state -----

    /// The card set.
    pub fn cards(&self) -> &Arc<CardSet> {
        &self.cards
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The step the match is in.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The period.
    pub fn period(&self) -> Period {
        self.period
    }

    /// A seat's pack, top card last (secret order).
    pub fn pack(&self, seat: Seat) -> &[CardId] {
        self.packs.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's hand (hand house rule).
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's injury-time cards not yet laid (secret).
    pub fn aside(&self, seat: Seat) -> &[CardId] {
        self.aside.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's face-up played cards this half, oldest first.
    pub fn played(&self, seat: Seat) -> &[CardId] {
        self.played.get(seat).map_or(&[], Vec::as_slice)
    }

    /// A seat's face-down card on the table, until both have laid.
    pub fn laid(&self, seat: Seat) -> Option<CardId> {
        self.laid.get(seat).copied().flatten()
    }

    /// The attacking player.
    pub fn attacker(&self) -> Seat {
        self.attacker
    }

    /// Who attacked first in the first half.
    pub fn kicked_off(&self) -> Seat {
        self.kicked_off
    }

    /// What the next cards are read for.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Goals, seat 0 then seat 1.
    pub fn score(&self) -> [u32; 2] {
        self.score
    }

    /// Cards laid so far in this period.
    pub fn lays(&self) -> u32 {
        self.lays
    }

    /// Injury-time cards to lay in all, once injury time has started.
    pub fn injury_lays(&self) -> u8 {
        self.injury_lays
    }

    /// Each team's statistics, seat 0 first.
    pub fn stats(&self) -> [TeamStats; 2] {
        self.stats
    }

    /// How many times the packs were flipped.
    pub fn flips(&self) -> u32 {
        self.flips
    }

    /// The last pair of cards.
    pub fn last(&self) -> Option<&LayReport> {
        self.last.as_ref()
    }

    /// Every card of `seat`'s team wherever it is (pack, hand, aside,
    /// played, on the table), for invariant checks.
    pub fn all_cards(&self, seat: Seat) -> Vec<CardId> {
        let mut v: Vec<CardId> = self
            .pack(seat)
            .iter()
            .chain(self.hand(seat))
            .chain(self.aside(seat))
            .chain(self.played(seat))
            .copied()
            .collect();
        v.extend(self.laid(seat));
        v
    }

    /// Cards left to lay in this period: how many pairs the period still
    /// has.
    pub fn lays_left(&self) -> u32 {
        match self.period {
            Period::FirstHalf | Period::SecondHalf => {
                self.rules.half_cards.saturating_sub(self.lays)
            }
            Period::InjuryTime => u32::from(self.injury_lays).saturating_sub(self.lays),
            Period::FullTime => 0,
        }
    }

    // ----- setting up -----

    fn blank(config: &FlipDuelConfig, seed: u64) -> Result<FlipDuel, FlipDuelError> {
        let rules = config.rules()?;
        let cards = config.cards.clone();
        let packs = BySeat::from_fn(SEATS, |s| cards.pack(s.0).collect());
        Ok(FlipDuel {
            cards,
            rules,
            rng: GameRng::seed_from_u64(seed),
            phase: Phase::Choose,
            period: Period::FirstHalf,
            packs,
            hands: BySeat::from_fn(SEATS, |_| Vec::new()),
            aside: BySeat::from_fn(SEATS, |_| Vec::new()),
            played: BySeat::from_fn(SEATS, |_| Vec::new()),
            laid: BySeat::from_fn(SEATS, |_| None),
            attacker: Seat(0),
            kicked_off: Seat(0),
            play: Play::KICK_OFF,
            score: [0, 0],
            lays: 0,
            injury_lays: 0,
            keep_aside_order: false,
            stats: [TeamStats::default(); 2],
            flips: 0,
            last: None,
            turns: 0,
            outcome: None,
        })
    }

    /// Starts a match at an exact position. Every listed card must belong
    /// to the seat's own pack and appear once; the period must have enough
    /// cards left to finish.
    pub fn from_setup(
        config: &FlipDuelConfig,
        setup: &Setup,
        seed: u64,
    ) -> Result<FlipDuel, FlipDuelError> {
        let mut g = FlipDuel::blank(config, seed)?;
        let bad = |m: String| Err(FlipDuelError::Config(m));
        for seat in Seat::all(SEATS) {
            let Some(s) = setup.seats.get(seat.index()) else {
                continue;
            };
            let own = g.cards.pack(seat.0);
            let mut seen = vec![false; g.cards.pack_size()];
            for &c in s
                .pack
                .iter()
                .chain(&s.hand)
                .chain(&s.aside)
                .chain(&s.played)
            {
                if !own.contains(&c) {
                    return bad(format!(
                        "{} is not in {}'s pack",
                        g.cards.name(c),
                        g.cards.team_name(seat.0)
                    ));
                }
                let k = usize::from(c - own.start);
                match seen.get_mut(k) {
                    Some(x) if !*x => *x = true,
                    _ => return bad(format!("{} is placed twice", g.cards.name(c))),
                }
            }
            if s.hand.len() > usize::from(g.rules.hand) {
                return bad(format!(
                    "{} holds {} cards, the hand is {}",
                    g.cards.team_name(seat.0),
                    s.hand.len(),
                    g.rules.hand
                ));
            }
            if s.aside.len() > usize::from(g.rules.injury_cards) {
                return bad(format!(
                    "{} sets {} cards aside, the rules say {}",
                    g.cards.team_name(seat.0),
                    s.aside.len(),
                    g.rules.injury_cards
                ));
            }
            let mut rest: Vec<CardId> = own
                .clone()
                .filter(|c| {
                    !seen
                        .get(usize::from(c - own.start))
                        .copied()
                        .unwrap_or(true)
                })
                .collect();
            let mut pack: Vec<CardId> = s.pack.iter().rev().copied().collect();
            let mut aside = s.aside.clone();
            let mut played = s.played.clone();
            if setup.choosing {
                // The choice is made from the unshuffled pack, in card order.
                pack = own.clone().filter(|c| !aside.contains(c)).collect();
                if !s.hand.is_empty() || !played.is_empty() {
                    return bad("before the kick-off no card is in hand or played".into());
                }
            } else {
                match s.rest {
                    Rest::Pack => {
                        rest.shuffle(&mut g.rng);
                        rest.extend(pack);
                        pack = rest;
                    }
                    Rest::Played => {
                        rest.extend(played);
                        played = rest;
                    }
                    Rest::Aside => aside.extend(rest),
                }
                if aside.len() > usize::from(g.rules.injury_cards) {
                    return bad(format!(
                        "{} would set {} cards aside, the rules say {}",
                        g.cards.team_name(seat.0),
                        aside.len(),
                        g.rules.injury_cards
                    ));
                }
            }
            // In injury time the aside pile is laid from its end.
            if setup.period == Period::InjuryTime {
                aside.reverse();
            }
            g.packs[seat] = pack;
            g.hands[seat] = s.hand.clone();
            g.aside[seat] = aside;
            g.played[seat] = played;
        }
        if setup.attacker.index() >= SEATS || setup.kicked_off.index() >= SEATS {
            return bad("seats are 0 and 1".into());
        }
        if let Play::Open { run } = setup.play
            && run >= RUN_FOR_SHOT
        {
            return bad(format!(
                "a run of {run} is already a shot: runs are 0-{}",
                RUN_FOR_SHOT - 1
            ));
        }
        g.period = setup.period;
        g.lays = setup.lays;
        g.injury_lays = setup.injury_lays;
        g.attacker = setup.attacker;
        g.kicked_off = setup.kicked_off;
        g.play = setup.play;
        g.score = setup.score;
        g.keep_aside_order = setup.keep_aside_order;
        if setup.choosing {
            if setup.period != Period::FirstHalf || setup.lays != 0 {
                return bad("the injury-time cards are chosen before the first half".into());
            }
            g.phase = Phase::Choose;
            g.finish_choosing(&mut NoLog);
            return Ok(g);
        }
        g.phase = Phase::Lay;
        let left = g.lays_left();
        if setup.period == Period::FullTime {
            return bad("a setup starts before full time".into());
        }
        if setup.period == Period::InjuryTime && setup.injury_lays == 0 {
            return bad("injury time needs injury_lays (how many cards it lasts)".into());
        }
        if left == 0 {
            return bad(format!(
                "{} cards are already laid in the {}",
                setup.lays,
                setup.period.key()
            ));
        }
        for seat in Seat::all(SEATS) {
            let source = if setup.period == Period::InjuryTime {
                g.aside(seat).len()
            } else {
                g.pack(seat).len()
            };
            let have = source + g.hand(seat).len();
            if (have as u64) < u64::from(left) {
                return bad(format!(
                    "{} has {have} cards for the {left} still to lay in the {}",
                    g.cards.team_name(seat.0),
                    setup.period.key()
                ));
            }
            g.fill_hand(seat);
        }
        Ok(g)
    }

    // ----- flow -----

    /// The pile cards are laid from now: the pack in the halves, the
    /// injury-time cards in injury time.
    fn source_mut(&mut self, seat: Seat) -> &mut Vec<CardId> {
        if self.period == Period::InjuryTime {
            &mut self.aside[seat]
        } else {
            &mut self.packs[seat]
        }
    }

    fn fill_hand(&mut self, seat: Seat) {
        let want = usize::from(self.rules.hand);
        while self.hands[seat].len() < want {
            let Some(c) = self.source_mut(seat).pop() else {
                break;
            };
            self.hands[seat].push(c);
        }
    }

    fn choosers(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in Seat::all(SEATS) {
            if self.aside(seat).len() < usize::from(self.rules.injury_cards) {
                set = set.with(seat);
            }
        }
        set
    }

    fn layers(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in Seat::all(SEATS) {
            if self.laid(seat).is_none() {
                set = set.with(seat);
            }
        }
        set
    }

    /// Once both players have set their cards aside: shuffle and kick off.
    fn finish_choosing(&mut self, log: &mut impl Sink) {
        if !self.choosers().is_empty() {
            return;
        }
        for seat in Seat::all(SEATS) {
            self.packs[seat].shuffle(&mut self.rng);
            log.push(|| Event::Shuffled { seat });
        }
        let first = match self.rules.first_attacker {
            Some(s) => s,
            None => {
                if self.rng.random_range(0..2u8) == 0 {
                    Seat(0)
                } else {
                    Seat(1)
                }
            }
        };
        self.kicked_off = first;
        self.attacker = first;
        self.play = Play::KICK_OFF;
        self.period = Period::FirstHalf;
        self.lays = 0;
        self.phase = Phase::Lay;
        for seat in Seat::all(SEATS) {
            self.fill_hand(seat);
        }
        let period = self.period;
        log.push(|| Event::KickOff {
            period,
            attacker: first,
        });
    }

    fn flip(&mut self, log: &mut impl Sink) {
        self.attacker = other(self.attacker);
        if self.rules.turn_packs_over {
            // Each player turns the unused pack in his hand over: its
            // bottom card is on top now (decision 22).
            for seat in Seat::all(SEATS) {
                self.source_mut(seat).reverse();
            }
        }
        self.play = Play::KICK_OFF;
        self.flips += 1;
        let attacker = self.attacker;
        log.push(|| Event::Flipped { attacker });
    }

    /// Both cards are down: read them and move the match on.
    fn reveal(&mut self, log: &mut impl Sink) {
        let attacker = self.attacker;
        let defender = other(attacker);
        let (Some(a), Some(d)) = (self.laid(attacker), self.laid(defender)) else {
            return;
        };
        let area = self.play.area();
        let (section, mark) = match (self.cards.card(a), self.cards.card(d)) {
            (Some(ac), Some(dc)) => {
                let s = ac.ball(area);
                (s, dc.mark(area, s))
            }
            // Cards come from validated packs; an unknown number reads as
            // open grass rather than stopping the match.
            _ => (0, Mark::Empty),
        };
        let play = self.play;
        let result = LayResult::of(play, mark);
        log.push(|| Event::Revealed {
            attacker,
            attack: a,
            defend: d,
            play,
            section,
            mark,
        });
        log.push(|| Event::Result { attacker, result });
        for seat in [attacker, defender] {
            if let Some(c) = self.laid[seat].take() {
                self.played[seat].push(c);
            }
        }
        let st = &mut self.stats[idx(attacker)];
        match play {
            Play::Shot { .. } => st.shots += 1,
            Play::Penalty => st.penalties += 1,
            Play::FreeKick => st.free_kicks += 1,
            Play::Open { .. } => {}
        }
        match result {
            LayResult::Tackled => st.tackled += 1,
            LayResult::Offside => st.offsides += 1,
            LayResult::LongBall => st.long_balls += 1,
            LayResult::Corner => st.corners += 1,
            LayResult::Rebound => st.rebounds += 1,
            LayResult::Post => st.posts += 1,
            LayResult::Goal => st.goals += 1,
            _ => {}
        }
        self.last = Some(LayReport {
            attacker,
            attack: a,
            defend: d,
            play,
            section,
            mark,
            result,
        });
        if result == LayResult::Goal {
            self.score[idx(attacker)] += 1;
            let score = self.score;
            log.push(|| Event::Goal {
                seat: attacker,
                score,
            });
        }
        match result.next() {
            Some(p) => self.play = p,
            None => self.flip(log),
        }
        self.lays += 1;
        self.turns += 1;
        for seat in Seat::all(SEATS) {
            self.fill_hand(seat);
        }
        if self.lays_left() == 0 {
            match self.period {
                Period::FirstHalf => self.half_time(log),
                Period::SecondHalf => self.injury_time(d, log),
                Period::InjuryTime | Period::FullTime => self.full_time(log),
            }
        }
    }

    fn half_time(&mut self, log: &mut impl Sink) {
        let score = self.score;
        log.push(|| Event::HalfTime { score });
        for seat in Seat::all(SEATS) {
            let mut back = std::mem::take(&mut self.played[seat]);
            back.append(&mut self.hands[seat]);
            self.packs[seat].append(&mut back);
            self.packs[seat].shuffle(&mut self.rng);
            log.push(|| Event::Shuffled { seat });
        }
        self.period = Period::SecondHalf;
        self.lays = 0;
        self.attacker = other(self.kicked_off);
        self.play = Play::KICK_OFF;
        for seat in Seat::all(SEATS) {
            self.fill_hand(seat);
        }
        let attacker = self.attacker;
        log.push(|| Event::KickOff {
            period: Period::SecondHalf,
            attacker,
        });
    }

    /// The end of normal time: `last_defence` is the defending card just
    /// laid; its assistant referee sets the injury time.
    fn injury_time(&mut self, last_defence: CardId, log: &mut impl Sink) {
        let number = self.cards.card(last_defence).map_or(0, |c| c.referee);
        let set_aside = Seat::all(SEATS)
            .map(|s| self.aside(s).len())
            .min()
            .unwrap_or(0);
        let wanted = self.rules.fixed_injury_time.unwrap_or(number);
        let lays = usize::from(wanted)
            .min(usize::from(self.rules.injury_cards))
            .min(set_aside) as u8;
        log.push(|| Event::InjuryTime {
            card: last_defence,
            number,
            lays,
        });
        if lays == 0 {
            self.full_time(log);
            return;
        }
        self.period = Period::InjuryTime;
        self.lays = 0;
        self.injury_lays = lays;
        for seat in Seat::all(SEATS) {
            // Normal-time cards still in hand stay out of injury time.
            let mut back = std::mem::take(&mut self.hands[seat]);
            self.packs[seat].append(&mut back);
            if self.keep_aside_order {
                // Laid in the listed order: the pile is laid from its end.
                self.aside[seat].reverse();
            } else {
                self.aside[seat].shuffle(&mut self.rng);
            }
            self.fill_hand(seat);
        }
    }

    fn full_time(&mut self, log: &mut impl Sink) {
        self.period = Period::FullTime;
        self.phase = Phase::Over;
        let score = self.score;
        log.push(|| Event::FullTime { score });
        let (winners, ending) = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => (vec![Seat(0)], "win"),
            std::cmp::Ordering::Less => (vec![Seat(1)], "win"),
            std::cmp::Ordering::Equal => (Vec::new(), "draw"),
        };
        let w = winners.clone();
        log.push(|| Event::Over {
            winners: w,
            ending: ending.to_string(),
        });
        self.outcome = Some(Outcome {
            winners,
            ending: ending.to_string(),
        });
    }

    // ----- actions -----

    fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Choose => {
                let names: Vec<String> = self.choosers().iter().map(|s| s.to_string()).collect();
                format!(
                    "waiting for {} to set injury-time cards aside",
                    names.join(" and ")
                )
            }
            Phase::Lay => {
                let names: Vec<String> = self.layers().iter().map(|s| s.to_string()).collect();
                format!("waiting for {} to lay a card", names.join(" and "))
            }
            Phase::Over => "the match is over".into(),
        }
    }

    /// Checks `action` for `seat` without changing anything.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), FlipDuelError> {
        let illegal = |rule: &str| {
            Err(FlipDuelError::Illegal {
                action: action.notation(&self.cards),
                rule: rule.to_string(),
            })
        };
        let not_yours = || {
            Err(FlipDuelError::NotYourTurn {
                action: action.notation(&self.cards),
                seat,
                waiting: self.waiting_for(),
            })
        };
        if seat.index() >= SEATS {
            return not_yours();
        }
        match (self.phase, action) {
            (Phase::Over, _) => Err(FlipDuelError::Over(action.notation(&self.cards))),
            (Phase::Choose, Action::SetAside { card }) => {
                if !self.choosers().contains(seat) {
                    return illegal(&format!(
                        "you have set aside all {} injury-time cards",
                        self.rules.injury_cards
                    ));
                }
                if self.aside(seat).contains(card) {
                    illegal("that card is already set aside")
                } else if !self.pack(seat).contains(card) {
                    illegal("that card is not in your pack")
                } else {
                    Ok(())
                }
            }
            (Phase::Choose, _) => {
                if self.choosers().contains(seat) {
                    illegal("first set your injury-time cards aside")
                } else {
                    not_yours()
                }
            }
            (Phase::Lay, Action::SetAside { .. }) => {
                illegal("injury-time cards are chosen before the kick-off")
            }
            (Phase::Lay, a) => {
                if !self.layers().contains(seat) {
                    return illegal(
                        "you have laid your card: both players lay one card at the same moment",
                    );
                }
                match (self.rules.hand, a) {
                    (0, Action::Lay) => Ok(()),
                    (0, _) => illegal("the official rules lay the top card of the pack (`lay`)"),
                    (_, Action::Play { card }) => {
                        if self.hand(seat).contains(card) {
                            Ok(())
                        } else {
                            illegal("that card is not in your hand")
                        }
                    }
                    (_, _) => illegal("with a hand, choose the card to lay (`play <card>`)"),
                }
            }
        }
    }

    pub(super) fn apply_inner(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl Sink,
    ) -> Result<(), FlipDuelError> {
        self.check(seat, action)?;
        match *action {
            Action::SetAside { card } => {
                remove_card(&mut self.packs[seat], card);
                self.aside[seat].push(card);
                log.push(|| Event::SetAside { seat, card });
                if self.aside[seat].len() == usize::from(self.rules.injury_cards) {
                    log.push(|| Event::ChoiceMade { seat });
                }
                self.finish_choosing(log);
            }
            Action::Lay => {
                let card = self.source_mut(seat).pop();
                // `check` and the period's card count guarantee a card;
                // without one the seat simply has nothing on the table.
                if let Some(card) = card {
                    self.laid[seat] = Some(card);
                    log.push(|| Event::Laid { seat });
                }
                if self.layers().is_empty() {
                    self.reveal(log);
                }
            }
            Action::Play { card } => {
                remove_card(&mut self.hands[seat], card);
                self.laid[seat] = Some(card);
                log.push(|| Event::Laid { seat });
                if self.layers().is_empty() {
                    self.reveal(log);
                }
            }
        }
        Ok(())
    }

    /// A public description of the step, for views.
    pub(super) fn step(&self) -> Step {
        match self.phase {
            Phase::Choose => Step::Choose {
                seats: self.choosers(),
            },
            Phase::Lay => Step::Lay {
                seats: self.layers(),
            },
            Phase::Over => Step::Over,
        }
    }
}

impl Game for FlipDuel {
    type Config = FlipDuelConfig;
    type Action = Action;
    type View = FlipDuelView;
    type Event = Event;
    type Error = FlipDuelError;

    fn new(config: &FlipDuelConfig, seed: u64) -> Result<Self, FlipDuelError> {
        let mut g = FlipDuel::blank(config, seed)?;
        g.finish_choosing(&mut NoLog);
        Ok(g)
    }

    fn seat_count(&self) -> usize {
        SEATS
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Choose => ToAct::Simultaneous(self.choosers()),
            Phase::Lay => ToAct::Simultaneous(self.layers()),
            Phase::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat.index() >= SEATS {
            return;
        }
        match self.phase {
            Phase::Choose => {
                if self.choosers().contains(seat) {
                    out.extend(
                        self.pack(seat)
                            .iter()
                            .map(|&card| Action::SetAside { card }),
                    );
                }
            }
            Phase::Lay => {
                if self.laid(seat).is_some() {
                    return;
                }
                if self.rules.hand == 0 {
                    out.push(Action::Lay);
                } else {
                    out.extend(self.hand(seat).iter().map(|&card| Action::Play { card }));
                }
            }
            Phase::Over => {}
        }
    }

    fn apply_with(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut impl crate::engine::Sink<Event>,
    ) -> Result<(), FlipDuelError> {
        self.apply_inner(seat, action, log)
    }

    fn view(&self, seat: Seat) -> FlipDuelView {
        FlipDuelView::of(self, seat)
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
    fn the_reading_table_matches_the_rules() {
        use LayResult as R;
        let open = Play::Open { run: 2 };
        assert_eq!(R::of(open, Mark::Defender), R::Tackled);
        assert_eq!(
            R::of(open, Mark::Empty).next(),
            Some(Play::Shot {
                from: ShotFrom::ThreeInARow
            })
        );
        assert_eq!(
            R::of(Play::KICK_OFF, Mark::Empty).next(),
            Some(Play::Open { run: 1 })
        );
        assert_eq!(R::of(open, Mark::Foul).next(), Some(Play::FreeKick));
        let shot = Play::Shot {
            from: ShotFrom::LongBall,
        };
        assert_eq!(R::of(shot, Mark::Foul).next(), Some(Play::Penalty));
        assert_eq!(R::of(shot, Mark::Net).next(), None);
        for set_piece in [Play::Penalty, Play::FreeKick] {
            for m in [Mark::Net, Mark::Block, Mark::Wall, Mark::Post, Mark::Wide] {
                assert_eq!(R::of(set_piece, m).next(), None, "{m} always flips");
            }
        }
    }

    #[test]
    fn house_rules_are_checked() {
        let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
        let mut c = FlipDuelConfig::new(cards);
        assert!(c.is_official());
        assert_eq!(c.rules().map(|r| r.half_cards), Ok(45));
        c.hand = 6;
        assert!(c.rules().is_err());
        c.hand = 3;
        c.half_cards = Some(46);
        assert!(
            c.rules()
                .is_err_and(|e| e.to_string().contains("a pack has 53"))
        );
        c.half_cards = Some(20);
        c.fixed_injury_time = Some(9);
        assert!(c.rules().is_err());
        c.fixed_injury_time = Some(2);
        c.first_attacker = Some(Seat(2));
        assert!(c.rules().is_err());
    }
}

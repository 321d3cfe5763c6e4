//! Booked!'s search bot: ISMCTS ([`crate::bots::ismcts`]) over matches
//! imagined from the bot's own view ([`Booked::from_view`]), with the
//! heuristic bot as the prior at the root and [`GreedyPlayout`] (the
//! heuristic's priorities, read straight from the imagined match)
//! finishing each imagined match.

use super::bot::HeuristicBot;
use super::{
    Action, Booked, BookedConfig, BookedView, Card, CardId, HouseRules, Phase, Play, Position,
    RefTarget, Referee, best_seven,
};
use crate::bots::{Bot, Determinizer, Level, RandomBot, Rung, SearchBot, SearchConfig};
use crate::bots::{Playout, softmax_shares};
use crate::engine::{Game as _, GameRng, Seat};
use rand::RngExt as _;

/// Deals Booked! matches from a view under the match's public rules.
#[derive(Clone, Debug)]
pub struct BookedDeterminizer {
    rules: HouseRules,
    sudden_death: bool,
}

impl BookedDeterminizer {
    /// A determinizer for matches set up as `config` says (only its public
    /// rules are kept).
    pub fn new(config: &BookedConfig) -> Self {
        BookedDeterminizer {
            rules: config.rules.clone(),
            sudden_death: config.sudden_death,
        }
    }
}

impl Determinizer<Booked> for BookedDeterminizer {
    fn seat(&self, view: &BookedView) -> Seat {
        view.seat
    }

    fn determinize(
        &self,
        view: &BookedView,
        _legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<Booked> {
        Booked::from_view(view, &self.rules, self.sudden_death, rng)
    }
}

/// The search of each level for Booked!. A playout is cut after 60
/// decisions (at the start of the next turn) and scored by the slots on
/// each pitch ([`GreedyPlayout::evaluate`]): a whole match's winner varies
/// too much between playouts, above all with many managers, for a
/// thousand iterations to tell actions apart. The root searches the six
/// actions the playout's priorities rank best and the heuristic's choice,
/// and plays another than the heuristic's only when its mean beats it by
/// a standard error (docs/bots.md has the figures behind each).
pub fn search_config(level: Level) -> SearchConfig {
    SearchConfig {
        playout_cap: 60,
        prior_anchor: 1.0,
        root_width: 6,
        ..level.config()
    }
}

/// Booked!'s search bot of `level` for matches set up as `config` says,
/// seeded with `seed`.
pub fn search_bot(level: Level, config: &BookedConfig, seed: u64) -> SearchBot<Booked> {
    searcher(level.key(), search_config(level), config, seed)
}

/// Booked!'s search bot named `name` searching as `search` says (the
/// levels use [`search_config`]).
pub fn searcher(
    name: &str,
    search: SearchConfig,
    config: &BookedConfig,
    seed: u64,
) -> SearchBot<Booked> {
    SearchBot::new(
        name,
        search,
        Box::new(BookedDeterminizer::new(config)),
        Box::new(GreedyPlayout::new(0.1)),
        seed,
    )
    .with_prior(Box::new(HeuristicBot::new(seed ^ 0x5EA2C4)))
}

/// The bot of `rung` for matches set up as `config` says, seeded with
/// `seed`: every rung of Booked!'s skill ladder.
pub fn ladder_bot(rung: Rung, config: &BookedConfig, seed: u64) -> Box<dyn Bot<Booked>> {
    match rung {
        Rung::Random => Box::new(RandomBot::new(seed)),
        Rung::Heuristic => Box::new(HeuristicBot::new(seed)),
        Rung::Search(level) => Box::new(search_bot(level, config, seed)),
    }
}

/// The nation a manager builds and how far it is: slots filled on the
/// pitch, with the hand, and the pitch's count per position.
#[derive(Clone, Copy, Debug, Default)]
struct Target {
    nation: u8,
    on_pitch: u8,
    slots: [u8; 4],
}

impl Target {
    /// Whether `card` fills a slot of the nation still open on the pitch.
    fn fills(&self, card: Card) -> bool {
        match card {
            Card::Player {
                nation, position, ..
            } => nation == self.nation && self.slots[position.index()] < position.needed(),
            _ => false,
        }
    }
}

fn filled(row: &[u8; 4]) -> u8 {
    Position::ALL
        .iter()
        .map(|p| row[p.index()].min(p.needed()))
        .sum()
}

/// Playouts with the heuristic bot's priorities read straight from the
/// imagined match (no views are built, so a playout is cheap): build the
/// nation closest to a 7, call GOOOAL! at once, break and stop the leader,
/// keep the cards that fill slots. A share of the moves is random so
/// playouts vary.
#[derive(Clone, Debug)]
pub struct GreedyPlayout {
    random_share: f64,
    /// Scratch: per nation, the pitch's and pitch-plus-hand's positions.
    pitch: Vec<[u8; 4]>,
    with_hand: Vec<[u8; 4]>,
    scores: Vec<i32>,
}

impl GreedyPlayout {
    /// A greedy playout with `random_share` (0..=1) of random moves.
    pub fn new(random_share: f64) -> Self {
        GreedyPlayout {
            random_share,
            pitch: Vec::new(),
            with_hand: Vec::new(),
            scores: Vec::new(),
        }
    }

    fn target(&mut self, g: &Booked, seat: Seat) -> Target {
        let cards = g.cards();
        let n = cards.nations.len().min(256);
        self.pitch.clear();
        self.pitch.resize(n, [0; 4]);
        for p in g.pitch(seat) {
            if let Some((nation, pos)) = p.counts_as(cards)
                && let Some(row) = self.pitch.get_mut(usize::from(nation))
            {
                row[pos.index()] = row[pos.index()].saturating_add(1);
            }
        }
        self.with_hand.clear();
        self.with_hand.extend_from_slice(&self.pitch);
        for &c in g.hand(seat) {
            if let Some(Card::Player {
                nation, position, ..
            }) = cards.card(c)
                && let Some(row) = self.with_hand.get_mut(usize::from(nation))
            {
                row[position.index()] = row[position.index()].saturating_add(1);
            }
        }
        let mut best = Target::default();
        let mut best_score = -1i32;
        for (nation, (p, h)) in self.pitch.iter().zip(&self.with_hand).enumerate() {
            let on_pitch = filled(p);
            let score = i32::from(on_pitch) * 3 + i32::from(filled(h)) * 2;
            if score > best_score {
                best_score = score;
                best = Target {
                    nation: nation as u8,
                    on_pitch,
                    slots: *p,
                };
            }
        }
        best
    }

    /// The opponent closest to a 7, with 4 or more slots filled.
    fn leader(g: &Booked, me: Seat) -> Option<(Seat, u8, u8)> {
        let mut best: Option<(Seat, u8, u8)> = None;
        for s in Seat::all(g.seat_count()) {
            if s == me {
                continue;
            }
            if let Some((nation, f)) = best_seven(g.pitch(s), g.cards())
                && f >= 4
                && best.is_none_or(|(_, _, b)| f > b)
            {
                best = Some((s, nation, f));
            }
        }
        best
    }

    fn keep_value(g: &Booked, t: &Target, id: CardId) -> i32 {
        let Some(c) = g.cards().card(id) else {
            return 0;
        };
        match c {
            Card::Player { nation, rating, .. } => {
                let r = i32::from(rating);
                if t.fills(c) {
                    100 + r
                } else if nation == t.nation {
                    30 + r
                } else {
                    10 + r
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

    fn act_score(
        g: &Booked,
        me: Seat,
        t: &Target,
        lead: Option<(Seat, u8, u8)>,
        a: &Action,
    ) -> i32 {
        let card = |c: CardId| g.cards().card(c).unwrap_or(Card::QuickRules);
        let threat = lead.map_or(0, |(_, _, f)| i32::from(f));
        let in_lead_seven = |x: CardId| {
            lead.is_some_and(|(ls, ln, _)| {
                g.pitch(ls)
                    .iter()
                    .any(|p| p.card == x && p.counts_as(g.cards()).is_some_and(|(n, _)| n == ln))
            })
        };
        let booked = |x: CardId| {
            lead.is_some_and(|(ls, _, _)| {
                g.pitch(ls)
                    .iter()
                    .any(|p| p.card == x && p.yellow.is_some())
            })
        };
        match *a {
            Action::PlayPlayer { card: c } => {
                let cc = card(c);
                if t.fills(cc) {
                    1000 + i32::from(t.on_pitch) * 10
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
                if nation == t.nation && missing > 0 && t.on_pitch >= 4 {
                    800 + i32::from(t.on_pitch) * 10
                } else {
                    -50
                }
            }
            Action::Tackle { card: c, victim } => match lead {
                Some((ls, ln, _))
                    if victim == ls
                        && matches!(card(c), Card::Player { nation, .. } if nation == ln) =>
                {
                    600 + threat * 40 - if t.fills(card(c)) { 300 } else { 0 }
                }
                _ => -100,
            },
            Action::Red { target: x, .. } => {
                if booked(x) && in_lead_seven(x) {
                    900 + threat * 20
                } else {
                    -200
                }
            }
            Action::Yellow { target: x, .. } => {
                if in_lead_seven(x) {
                    if booked(x) {
                        950 + threat * 20
                    } else {
                        500 + threat * 20
                    }
                } else {
                    -20
                }
            }
            Action::PlayReferee { card: c, target } => {
                let Card::Referee(kind) = card(c) else {
                    return 0;
                };
                let next = me.step(g.seat_count(), g.clockwise());
                let next_leads = lead.is_some_and(|(s, _, _)| s == next);
                match (kind, target) {
                    (Referee::QuickRestart, _) => 300,
                    (Referee::SetPiece, _) => 280,
                    (Referee::AddedTime, _) => 260,
                    (Referee::TheWall, _) => {
                        if t.on_pitch >= 5 {
                            400
                        } else {
                            50
                        }
                    }
                    (Referee::FullTimeWhistle, _) => {
                        if next_leads {
                            450
                        } else {
                            60
                        }
                    }
                    (Referee::Reverse, _) => {
                        if next_leads {
                            200
                        } else {
                            20
                        }
                    }
                    (Referee::Overturned, RefTarget::Player(p)) => {
                        if g.pitch(me).iter().any(|x| x.card == p) {
                            350
                        } else {
                            -100
                        }
                    }
                    (Referee::Substitution, RefTarget::Swap { out, inn }) => {
                        let out_useful = g.pitch(me).iter().any(|x| {
                            x.card == out
                                && x.counts_as(g.cards()).is_some_and(|(n, _)| n == t.nation)
                        });
                        if !out_useful && t.fills(card(inn)) {
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

    /// The index of the best-scoring action, ties at random.
    fn best(
        &mut self,
        legal: &[Action],
        rng: &mut GameRng,
        score: impl Fn(&Action) -> i32,
    ) -> usize {
        self.scores.clear();
        self.scores.extend(legal.iter().map(score));
        let top = self.scores.iter().copied().max().unwrap_or(0);
        let ties = self.scores.iter().filter(|s| **s == top).count();
        let mut k = if ties > 1 {
            rng.random_range(0..ties)
        } else {
            0
        };
        for (i, s) in self.scores.iter().enumerate() {
            if *s == top {
                if k == 0 {
                    return i;
                }
                k -= 1;
            }
        }
        0
    }

    fn answer(g: &Booked, me: Seat, legal: &[Action]) -> Option<usize> {
        let top = g.stack().last()?;
        let find = |kind: Referee| {
            legal.iter().position(|a| match a {
                Action::Respond { card } => g.cards().card(*card) == Some(Card::Referee(kind)),
                _ => false,
            })
        };
        let against_me = top.against == Some(me)
            || matches!(top.play, Play::Tackle { victim, .. } if victim == me);
        if against_me {
            return find(Referee::PlayOn).or_else(|| find(Referee::VarReview));
        }
        if matches!(top.play, Play::Player | Play::SuperSub { .. }) {
            let close = best_seven(g.pitch(top.seat), g.cards()).is_some_and(|(_, f)| f >= 5);
            if close {
                return find(Referee::Offside).or_else(|| find(Referee::VarReview));
            }
        }
        None
    }
}

impl Playout<Booked> for GreedyPlayout {
    /// A turn's actions ranked by the priorities the playout plays by
    /// (only the seat's own hand and the public pitches are read).
    fn rank(&mut self, g: &Booked, seat: Seat, legal: &[Action], out: &mut Vec<i64>) -> bool {
        out.clear();
        match g.phase() {
            Phase::Act => {
                let t = self.target(g, seat);
                let lead = Self::leader(g, seat);
                out.extend(
                    legal
                        .iter()
                        .map(|a| i64::from(Self::act_score(g, seat, &t, lead, a))),
                );
                true
            }
            _ => false,
        }
    }

    /// Only at the start of a turn and while no pitch holds a whole 7:
    /// [`GreedyPlayout::evaluate`] scores a pitch by its slots, so a cut
    /// between a 7 and its call, or while a call is open to answers,
    /// would count the 7 as nearly won and make not calling look as good
    /// as calling.
    fn can_stop(&self, g: &Booked) -> bool {
        g.phase() == Phase::Draw
            && Seat::all(g.seat_count())
                .all(|s| best_seven(g.pitch(s), g.cards()).is_none_or(|(_, f)| f < 7))
    }

    /// An unfinished match: each manager's chance grows with the slots of a
    /// Starting 7 on their pitch (a share by a softmax of the counts).
    fn evaluate(&mut self, g: &Booked, out: &mut [f64]) -> bool {
        for (s, slot) in Seat::all(g.seat_count()).zip(out.iter_mut()) {
            *slot = f64::from(best_seven(g.pitch(s), g.cards()).map_or(0, |(_, f)| f));
        }
        // A slot more makes a manager's chance e^0.8 (2.2) times another's.
        softmax_shares(out, 1.25)
    }

    fn choose(&mut self, g: &Booked, seat: Seat, legal: &[Action], rng: &mut GameRng) -> usize {
        if legal.len() <= 1 {
            return 0;
        }
        if let Some(i) = legal.iter().position(|a| *a == Action::CallGoal) {
            return i;
        }
        if rng.random::<f64>() < self.random_share {
            return rng.random_range(0..legal.len());
        }
        let pass = || legal.iter().position(|a| *a == Action::Pass).unwrap_or(0);
        match g.phase() {
            Phase::Draw => {
                let t = self.target(g, seat);
                let helps = g
                    .discard_pile()
                    .last()
                    .and_then(|&c| g.cards().card(c))
                    .is_some_and(|c| t.fills(c));
                let want = if helps {
                    Action::DrawDiscard
                } else {
                    Action::DrawDeck
                };
                legal.iter().position(|a| *a == want).unwrap_or(0)
            }
            Phase::Call => legal.iter().position(|a| *a == Action::NoCall).unwrap_or(0),
            Phase::Act => {
                let t = self.target(g, seat);
                let lead = Self::leader(g, seat);
                self.best(legal, rng, |a| Self::act_score(g, seat, &t, lead, a))
            }
            Phase::Stack => Self::answer(g, seat, legal).unwrap_or_else(pass),
            Phase::Final => legal
                .iter()
                .position(|a| matches!(a, Action::Respond { .. }))
                .unwrap_or_else(pass),
            Phase::SetPiece | Phase::Discard | Phase::Draft | Phase::PickUp { .. } => {
                let t = self.target(g, seat);
                let keep = matches!(g.phase(), Phase::SetPiece);
                self.best(legal, rng, |a| match a {
                    Action::Keep { card }
                    | Action::Discard { card }
                    | Action::DraftPass { card }
                    | Action::PickUp { card } => {
                        let v = Self::keep_value(g, &t, *card);
                        if keep { v } else { -v }
                    }
                    _ => 0,
                })
            }
            Phase::Claim | Phase::Over => rng.random_range(0..legal.len()),
        }
    }
}

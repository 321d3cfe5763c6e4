//! A whole season imagined from one manager's view, for search bots.
//!
//! [`Season::from_view`] keeps everything the view shows (the rows, every
//! club's open cards and ledger, the League table, the open discard piles)
//! and deals everything it hides at random from the cards of each kind
//! the view does not place, keeping every count: the decks' order, the
//! other managers' Director hands and kept Directors during the draft,
//! their Objective offers and kept Objectives, their Tactic cards in hand,
//! their Kit Sponsors' faces, the face-down Objective discards, the cards
//! in the box, and the Opponent cards under each Scout Report. It reads
//! the view and the season's public set-up only, never a season, so a bot
//! that searches such copies cannot cheat.
//!
//! What the copy assumes where the view says nothing:
//! - The next Opponent card is one of the unseen cards with the Scout
//!   Report's club and Formation; the cards under it come from the deck
//!   their place in the stack was dealt from (3 advanced, then 3 easier
//!   on top), of clubs not met yet in that half where the cards allow.
//! - Every unseen card is equally likely wherever it may lie: the copy
//!   does not remember which Directors the manager passed in the draft
//!   or which Objective it discarded (the view does not keep them).
//! - A waiting question is answered by replaying its action in the copy
//!   ([`super::ask`]), whose decks are dealt afresh: the cards the
//!   question names may come out otherwise there.
//! - The season's scripted dice (a Scenario's) are not kept; the copy
//!   rolls its own.
//!
//! A view that does not add up to the card set (a card in two places, a
//! count the unseen cards cannot fill) gives `None`.

use super::club::{Club, OwnedCard, OwnedPlayer, OwnedSponsor};
use super::state::{
    Boxed, Decks, Pile, Season, SeasonConfig, TransferArea, division_clubs, league_clubs,
};
use super::view::{ClubView, SeasonView};
use crate::engine::GameRng;
use crate::games::eleven::deck::{Division, ElevenDecks};
use crate::games::eleven::vocab::PlayerKind;
use rand::seq::SliceRandom as _;
use rand::{RngExt as _, SeedableRng as _};
use std::collections::{HashMap, VecDeque};

/// Opponent cards in a half of a club's stack (advanced below, easier on
/// top).
const HALF: usize = 3;

/// The cards of one kind: where the view's ids point, and which are placed.
struct Kind {
    index: HashMap<String, usize>,
    seen: Vec<bool>,
}

impl Kind {
    fn new<'a>(ids: impl Iterator<Item = &'a String>) -> Kind {
        let index: HashMap<String, usize> =
            ids.enumerate().map(|(i, id)| (id.clone(), i)).collect();
        let seen = vec![false; index.len()];
        Kind { index, seen }
    }

    /// Places the card `id`; `None` if it is unknown or placed twice.
    fn place(&mut self, id: &str) -> Option<usize> {
        let i = *self.index.get(id)?;
        self.mark(i)?;
        Some(i)
    }

    /// Places the card at index `i`; `None` if out of range or placed twice.
    fn mark(&mut self, i: usize) -> Option<()> {
        let slot = self.seen.get_mut(i)?;
        if *slot {
            return None;
        }
        *slot = true;
        Some(())
    }

    /// The cards not placed that `keep` accepts, shuffled.
    fn unseen(&self, keep: impl Fn(usize) -> bool, rng: &mut GameRng) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.seen.len())
            .filter(|&i| !self.seen[i] && keep(i))
            .collect();
        out.shuffle(rng);
        out
    }
}

/// `k` cards off the end of `pool`.
fn take(pool: &mut Vec<usize>, k: usize) -> Option<Vec<usize>> {
    let at = pool.len().checked_sub(k)?;
    Some(pool.split_off(at))
}

/// A face-down deck of exactly `count` of `pool` over the open `discard`.
fn pile(pool: &mut Vec<usize>, count: usize, discard: &[usize]) -> Option<Pile> {
    Some(Pile {
        deck: take(pool, count)?,
        discard: discard.to_vec(),
    })
}

impl Season {
    /// A season consistent with `view` (its seat's view of the copy is
    /// `view`, and the seat has the same legal actions), set up as
    /// `config` says, with every hidden card dealt from `rng`. `None` for a
    /// spectator's view or one whose counts do not add up to the cards.
    pub fn from_view(
        view: &SeasonView,
        config: &SeasonConfig,
        rng: &mut GameRng,
    ) -> Option<Season> {
        let seat = view.seat?;
        let n = usize::from(config.managers);
        if view.clubs.len() != n || seat.index() >= n {
            return None;
        }
        let decks = config.decks.as_ref();
        let piles = &view.piles;
        let own = seat.index();
        let mut clubs: Vec<Club> = Vec::with_capacity(n);

        // Players: the rows, the clubs, the open discards; the three decks
        // share the rest by kind.
        let mut players = Kind::new(decks.players.iter().map(|c| &c.id));
        let players_row = row(&mut players, &view.players_row)?;
        for (c, cv) in view.clubs.iter().enumerate() {
            let mut club = Club::new(cv.name.clone(), c);
            for (i, p) in cv.players.iter().enumerate() {
                club.players.push(OwnedPlayer {
                    card: players.place(&p.id)?,
                    side: p.side,
                    tokens: p.tokens,
                    experience_filled: cv.ledger.experience.get(i)?.clone(),
                });
            }
            clubs.push(club);
        }
        for &i in piles
            .player_discard
            .iter()
            .chain(&piles.youngster_discard)
            .chain(&piles.veteran_discard)
        {
            players.mark(i)?;
        }
        let kind_of =
            |k: PlayerKind| move |i: usize| decks.players.get(i).is_some_and(|p| p.kind == k);
        let mut regular = players.unseen(kind_of(PlayerKind::Regular), rng);
        let mut young = players.unseen(kind_of(PlayerKind::Youngster), rng);
        let mut veterans = players.unseen(kind_of(PlayerKind::Veteran), rng);
        let [left_players, left_young, left_staff, left_sponsors] = view.decks_left;
        let player_deck = pile(
            &mut regular,
            left_players.checked_sub(piles.player_discard.len())?,
            &piles.player_discard,
        )?;
        let youngsters = pile(
            &mut young,
            left_young.checked_sub(piles.youngster_discard.len())?,
            &piles.youngster_discard,
        )?;
        let veterans = pile(&mut veterans, piles.veteran_deck, &piles.veteran_discard)?;
        if !(regular.is_empty() && young.is_empty()) {
            return None;
        }

        // Staff: the rows, the clubs, the discard; the deck from the rest,
        // the box keeps the cards for more managers and the First Trainers
        // nobody took.
        let mut staff = Kind::new(decks.staff.iter().map(|c| &c.id));
        let staff_row = row(&mut staff, &view.staff_row)?;
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            for s in &cv.staff {
                club.staff.push(OwnedCard {
                    card: staff.place(&s.id)?,
                    exhausted: s.exhausted,
                    suspension: s.suspension,
                });
            }
        }
        for &i in &piles.staff_discard {
            staff.mark(i)?;
        }
        let trainer = |i: usize| decks.staff.get(i).is_some_and(|s| s.first_trainer);
        let for_more = |i: usize| {
            !trainer(i)
                && decks
                    .staff
                    .get(i)
                    .is_some_and(|s| s.min_players > config.managers)
        };
        let mut in_play = staff.unseen(|i| !trainer(i) && !for_more(i), rng);
        let mut trainers = staff.unseen(trainer, rng);
        let staff_count = left_staff.checked_sub(piles.staff_discard.len())?;
        // A First Trainer reaches the deck only through the discard pile:
        // the other cards fill it first.
        let short = staff_count.checked_sub(in_play.len())?;
        in_play.extend(take(&mut trainers, short)?);
        in_play.shuffle(rng);
        let staff_deck = pile(&mut in_play, staff_count, &piles.staff_discard)?;
        let mut boxed_staff: Vec<usize> = (0..decks.staff.len()).filter(|&i| for_more(i)).collect();
        boxed_staff.extend(trainers);

        // Sponsors: the rows, the open contracts, the discard; the other
        // managers' Kit Sponsors and the deck from the rest.
        let mut sponsors = Kind::new(decks.sponsors.iter().map(|c| &c.id));
        let sponsors_row = row(&mut sponsors, &view.sponsors_row)?;
        let mut hidden_kits = 0usize;
        for cv in &view.clubs {
            for s in &cv.sponsors {
                match &s.id {
                    Some(id) => {
                        sponsors.place(id)?;
                    }
                    None => hidden_kits += 1,
                }
            }
        }
        for &i in &piles.sponsor_discard {
            sponsors.mark(i)?;
        }
        let mut pool = sponsors.unseen(|_| true, rng);
        let mut kits = take(&mut pool, hidden_kits)?;
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            for (k, s) in cv.sponsors.iter().enumerate() {
                let card = match &s.id {
                    Some(id) => *sponsors.index.get(id)?,
                    None => kits.pop()?,
                };
                let (gained, rules) = cv.ledger.sponsor_gains.get(k)?.clone();
                club.sponsors.push(OwnedSponsor {
                    card,
                    contract: s.contract,
                    gained,
                    rules,
                });
            }
        }
        let sponsor_deck = pile(
            &mut pool,
            left_sponsors.checked_sub(piles.sponsor_discard.len())?,
            &piles.sponsor_discard,
        )?;
        if !pool.is_empty() {
            return None;
        }

        // Directors: the own hand and every Director shown; the other
        // managers' during the draft, the deck and the box from the rest.
        let mut directors = Kind::new(decks.directors.iter().map(|c| &c.id));
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            for d in cv.directors.iter().flatten() {
                club.directors.push(OwnedCard {
                    card: directors.place(&d.id)?,
                    exhausted: d.exhausted,
                    suspension: d.suspension,
                });
            }
            for id in cv.director_hand.iter().flatten() {
                club.director_hand.push(directors.place(id)?);
            }
        }
        let mut pool = directors.unseen(|_| true, rng);
        for (c, (club, cv)) in clubs.iter_mut().zip(&view.clubs).enumerate() {
            if cv.directors.is_none() {
                club.directors = take(&mut pool, cv.ledger.directors_kept)?
                    .into_iter()
                    .map(|card| OwnedCard {
                        card,
                        exhausted: false,
                        suspension: 0,
                    })
                    .collect();
            }
            if c != own {
                club.director_hand = take(&mut pool, cv.ledger.director_hand)?;
            }
        }
        let director_deck = take(&mut pool, piles.director_deck)?;
        let boxed_directors = pool;

        // Tactic cards: the own hand and the open discard; the other hands
        // and the deck from the rest.
        let mut tactics = Kind::new(decks.tactics.iter().map(|c| &c.id));
        if let Some(hand) = &view.clubs.get(own)?.tactics {
            for id in hand {
                let card = tactics.place(id)?;
                clubs.get_mut(own)?.tactics.push(card);
            }
        }
        for &i in &piles.tactic_discard {
            tactics.mark(i)?;
        }
        let mut pool = tactics.unseen(|_| true, rng);
        for (c, (club, cv)) in clubs.iter_mut().zip(&view.clubs).enumerate() {
            if c != own {
                club.tactics = take(&mut pool, cv.tactic_count)?;
            }
        }
        let tactic_pile = pile(&mut pool, piles.tactic_deck, &piles.tactic_discard)?;
        if !pool.is_empty() {
            return None;
        }

        // Objectives: the own offer and Objective and those revealed; the
        // other offers, kept Objectives, deck and face-down discards from
        // the rest.
        let mut objectives = Kind::new(decks.objectives.iter().map(|c| &c.id));
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            if let Some(id) = &cv.objective {
                club.objective = Some(objectives.place(id)?);
            }
            for id in cv.objective_offer.iter().flatten() {
                club.objective_offer.push(objectives.place(id)?);
            }
            club.objective_revealed = cv.ledger.objective_revealed;
            club.objective_vp = cv.ledger.objective_vp;
        }
        let mut pool = objectives.unseen(|_| true, rng);
        for (c, (club, cv)) in clubs.iter_mut().zip(&view.clubs).enumerate() {
            if c == own {
                continue;
            }
            if cv.objective.is_none() && cv.ledger.objective_kept {
                club.objective = Some(take(&mut pool, 1)?.pop()?);
            }
            club.objective_offer = take(&mut pool, cv.ledger.objective_offer)?;
        }
        let objective_deck = take(&mut pool, piles.objective_deck)?;
        if pool.len() != piles.objective_discard {
            return None;
        }
        let objective_pile = Pile {
            deck: objective_deck,
            discard: pool,
        };

        // Board Meeting cards: this Week's and the discard; the deck holds
        // the rest.
        let mut boards = Kind::new(decks.board_meetings.iter().map(|c| &c.id));
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            if let Some(b) = &cv.board {
                boards.mark(b.card)?;
                club.board = Some(b.clone());
            }
        }
        for &i in &piles.board_discard {
            boards.mark(i)?;
        }
        let mut pool = boards.unseen(|_| true, rng);
        let board_pile = pile(&mut pool, piles.board_deck, &piles.board_discard)?;
        if !pool.is_empty() {
            return None;
        }

        // The rest of each club, as shown.
        for (club, cv) in clubs.iter_mut().zip(&view.clubs) {
            fill(club, cv);
        }

        // Opponent cards.
        let (easy, hard) = Division::decks_for(config.division)?;
        let opponents = deal_opponents(view, decks, &mut clubs, (easy, hard), rng)?;

        let division = division_clubs(decks, easy, hard);
        Some(Season {
            config: config.clone(),
            rng: GameRng::seed_from_u64(rng.random()),
            week: view.week,
            phase: view.phase,
            first: view.first,
            queue: view.queue.clone(),
            clubs,
            area: TransferArea {
                players: players_row,
                staff: staff_row,
                sponsors: sponsors_row,
                player_deck,
                youngsters,
                veterans,
                staff_deck,
                sponsor_deck,
            },
            decks: Decks {
                board: board_pile,
                tactics: tactic_pile,
                objectives: objective_pile,
                directors: Pile {
                    deck: director_deck,
                    discard: Vec::new(),
                },
                opponents_played: piles.opponents_played.clone(),
            },
            boxed: Boxed {
                staff: boxed_staff,
                directors: boxed_directors,
                opponents,
            },
            league: view.league.clone(),
            league_clubs: league_clubs(n, &division),
            turns: piles.turns,
            scores: view.scores.clone(),
            winners: Vec::new(),
            quiet: false,
            script_dice: VecDeque::new(),
            question: view.question.clone().map(Box::new),
            feed: Default::default(),
        })
    }
}

/// A row of the Transfer Area from its ids, each card placed.
fn row(kind: &mut Kind, ids: &[Option<String>]) -> Option<Vec<Option<usize>>> {
    ids.iter()
        .map(|id| match id {
            Some(id) => kind.place(id).map(Some),
            None => Some(None),
        })
        .collect()
}

/// The open parts of a club the view shows as they are.
fn fill(club: &mut Club, cv: &ClubView) {
    let l = &cv.ledger;
    club.stats = cv.stats;
    club.res = cv.res;
    club.vp = cv.vp;
    club.built = cv.built.clone();
    club.office = cv.office;
    club.modifiers = l.modifiers.clone();
    club.board_match = l.board_match.clone();
    club.reminders = l.reminders;
    club.basic_used = cv.basic_used;
    club.paid_used = cv.paid_used;
    (club.wins, club.goals_for, club.clean_sheets) = cv.record;
    club.matches = l.matches.clone();
    club.pending = l.pending.clone();
    club.wiped = l.wiped;
    club.jerseys = cv.jerseys.clone();
}

/// Deals every club's Opponent cards under its Scout Report and returns
/// the cards left in the box.
fn deal_opponents(
    view: &SeasonView,
    decks: &ElevenDecks,
    clubs: &mut [Club],
    (easy, hard): (Division, Division),
    rng: &mut GameRng,
) -> Option<Vec<usize>> {
    let mut seen = vec![false; decks.opponents.len()];
    let mark = |i: usize, seen: &mut Vec<bool>| -> Option<()> {
        let slot = seen.get_mut(i)?;
        if *slot {
            return None;
        }
        *slot = true;
        Some(())
    };
    for &i in &view.piles.opponents_played {
        mark(i, &mut seen)?;
    }
    // A club that played this Week still has its Opponent card on top,
    // revealed by the Match.
    let mut tops: Vec<Option<usize>> = Vec::with_capacity(clubs.len());
    for cv in &view.clubs {
        let top = cv
            .ledger
            .matches
            .last()
            .filter(|_| revealed(cv, view))
            .map(|m| m.opponent);
        if let Some(t) = top {
            mark(t, &mut seen)?;
        }
        tops.push(top);
    }
    let division_of = |i: usize| -> Option<Division> {
        let card = decks.opponents.get(i)?;
        decks
            .clubs
            .iter()
            .find(|c| c.id == card.club)
            .map(|c| c.division)
    };
    let in_play = |i: usize| division_of(i).is_some_and(|d| d == easy || d == hard);
    // The cards on top first, every club's, so no card under another's
    // Scout Report takes the only card that fits it.
    for (cv, top) in view.clubs.iter().zip(tops.iter_mut()) {
        if top.is_some() || cv.opponents_left == 0 {
            continue;
        }
        let fits = |i: usize| {
            decks.opponents.get(i).is_some_and(|o| {
                cv.next_opponent.as_deref() == Some(o.club.as_str())
                    && cv.next_formation.as_deref() == Some(o.formation.as_str())
            })
        };
        let card = pick(&seen, fits, rng)?;
        mark(card, &mut seen)?;
        *top = Some(card);
    }
    for ((club, cv), top) in clubs.iter_mut().zip(&view.clubs).zip(tops) {
        let left = cv.opponents_left;
        let mut stack = vec![0usize; left];
        // The clubs met, by the half of the stack they were dealt in.
        let played = cv.ledger.matches.len();
        let whole = left + played == 2 * HALF + usize::from(revealed(cv, view));
        let mut met: Vec<(usize, String)> = Vec::new();
        let meet = |at: usize, card: usize, met: &mut Vec<(usize, String)>| {
            if let Some(o) = decks.opponents.get(card) {
                met.push((at / HALF, o.club.clone()));
            }
        };
        if whole {
            for (k, m) in cv.ledger.matches.iter().enumerate() {
                meet((2 * HALF).saturating_sub(k + 1), m.opponent, &mut met);
            }
        }
        if let (Some(t), Some(slot)) = (top, left.checked_sub(1)) {
            meet(slot, t, &mut met);
            if let Some(x) = stack.get_mut(slot) {
                *x = t;
            }
        }
        for at in (0..left.saturating_sub(1)).rev() {
            let half = at / HALF;
            let division = if half == 0 { hard } else { easy };
            let right = |i: usize| division_of(i) == Some(division);
            let new_club = |i: usize| {
                decks
                    .opponents
                    .get(i)
                    .is_some_and(|o| !met.iter().any(|(h, id)| *h == half && *id == o.club))
            };
            let card = pick(&seen, |i| right(i) && new_club(i), rng)
                .or_else(|| pick(&seen, right, rng))
                .or_else(|| pick(&seen, in_play, rng))?;
            mark(card, &mut seen)?;
            meet(at, card, &mut met);
            if let Some(x) = stack.get_mut(at) {
                *x = card;
            }
        }
        club.opponents = stack;
    }
    Some((0..decks.opponents.len()).filter(|&i| !seen[i]).collect())
}

/// Whether the club's top Opponent card is revealed: it played this
/// Week's Match and the card is not discarded yet.
fn revealed(cv: &ClubView, view: &SeasonView) -> bool {
    cv.opponents_left > 0
        && cv
            .ledger
            .matches
            .last()
            .is_some_and(|m| !view.piles.opponents_played.contains(&m.opponent))
}

/// One of the cards not yet `seen` that `fits`, at random.
fn pick(seen: &[bool], fits: impl Fn(usize) -> bool, rng: &mut GameRng) -> Option<usize> {
    let mut chosen = None;
    let fitting = (0..seen.len()).filter(|&i| !seen[i] && fits(i));
    for (count, i) in (1u32..).zip(fitting) {
        // Reservoir sampling keeps each fitting card equally likely.
        if rng.random_range(0..count) == 0 {
            chosen = Some(i);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::super::tests::decks;
    use super::super::{Action, Phase, Season, SeasonBot, SeasonConfig};
    use crate::bots::{Bot, RandomBot};
    use crate::engine::{Game as _, GameRng, Seat, ToAct};
    use rand::{RngExt as _, SeedableRng as _};

    /// Where two values first differ as JSON, for a readable failure.
    fn first_difference<T: serde::Serialize>(a: &T, b: &T) -> Option<String> {
        let (a, b) = (
            serde_json::to_string(a).unwrap_or_default(),
            serde_json::to_string(b).unwrap_or_default(),
        );
        let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y)?;
        let from = at.saturating_sub(120);
        Some(format!(
            "...{}\n   against\n...{}",
            a.get(from..(at + 80).min(a.len())).unwrap_or(""),
            b.get(from..(at + 80).min(b.len())).unwrap_or("")
        ))
    }

    /// Checks a copy of `s` made from `seat`'s view: the same view, the
    /// same legal actions.
    fn check_copy(s: &Season, seat: Seat, rng: &mut GameRng, ctx: &str) -> Season {
        let view = s.view(seat);
        let Some(copy) = Season::from_view(&view, &s.config, rng) else {
            panic!("{ctx}: no copy of the view")
        };
        let again = copy.view(seat);
        if again != view {
            let d = first_difference(&again, &view).unwrap_or_else(|| "(equal JSON)".into());
            panic!("{ctx}: the copy shows another view:\n{d}");
        }
        assert_eq!(
            copy.legal(seat),
            s.legal(seat),
            "{ctx}: the copy allows other actions"
        );
        copy
    }

    /// The seat deciding now (one of a simultaneous set at random).
    fn decider(s: &Season, rng: &mut GameRng) -> Option<Seat> {
        match s.to_act() {
            ToAct::One(x) => Some(x),
            ToAct::Simultaneous(set) => {
                let all: Vec<Seat> = set.iter().collect();
                all.get(rng.random_range(0..all.len().max(1))).copied()
            }
            _ => None,
        }
    }

    /// Plays a season with heuristic bots, a fifth of the moves random,
    /// calling `at` before every decision.
    fn play(config: &SeasonConfig, seed: u64, mut at: impl FnMut(&Season, Seat, &mut GameRng)) {
        let mut s = Season::new(config, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::seed_from_u64(seed ^ 0xD1CE);
        let mut heuristic = SeasonBot::new(config.decks.clone());
        let mut random = RandomBot::new(seed);
        for _ in 0..5_000 {
            let Some(seat) = decider(&s, &mut rng) else {
                break;
            };
            at(&s, seat, &mut rng);
            let legal = s.legal(seat);
            let view = s.view(seat);
            let i = if rng.random_range(0..5) == 0 {
                Bot::<Season>::choose(&mut random, Some(&view), &legal)
            } else {
                heuristic.choose(Some(&view), &legal)
            };
            let Some(a) = legal.get(i).cloned() else {
                panic!("seed {seed}: no legal action");
            };
            s.act(seat, &a, &mut Vec::new())
                .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        }
        assert_eq!(s.phase, Phase::Over, "seed {seed}: the season did not end");
    }

    #[test]
    fn a_copy_shows_the_same_view_and_actions_all_season() {
        let d = decks();
        for managers in 1..=4u8 {
            for ask in [false, true] {
                let mut config = SeasonConfig::new(d.clone(), managers, 1 + managers % 3);
                config.ask = ask;
                let mut checked = 0;
                play(&config, u64::from(managers), |s, seat, rng| {
                    let ctx = format!("{managers} managers, ask {ask}, {:?}", s.phase);
                    check_copy(s, seat, rng, &ctx);
                    checked += 1;
                });
                assert!(checked > 50, "{managers} managers: {checked} decisions");
            }
        }
    }

    #[test]
    fn the_draft_deals_the_other_hands_from_the_unseen_directors() {
        let d = decks();
        let config = SeasonConfig::new(d.clone(), 3, 2);
        let mut s = Season::new(&config, 11).unwrap_or_else(|e| panic!("{e}"));
        // Seat 0 keeps its first Director; seats 1 and 2 still choose.
        s.act(Seat(0), &Action::Draft(0), &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(s.phase, Phase::Draft(0)));
        let mut rng = GameRng::seed_from_u64(5);
        let mut differs = false;
        for _ in 0..8 {
            let copy = check_copy(&s, Seat(0), &mut rng, "the draft");
            assert_eq!(copy.clubs[0].director_hand, s.clubs[0].director_hand);
            assert_eq!(copy.clubs[0].directors, s.clubs[0].directors);
            for c in 1..3 {
                let hand = &copy.clubs[c].director_hand;
                assert_eq!(hand.len(), 4, "seat {c} has not chosen yet");
                assert!(
                    hand.iter().all(|x| !s.clubs[0].director_hand.contains(x)
                        && !s.clubs[0].directors.iter().any(|o| o.card == *x)),
                    "a hidden hand holds a card the seat sees"
                );
                differs |= *hand != s.clubs[c].director_hand;
            }
            assert_eq!(copy.census(), s.census());
        }
        assert!(differs, "the other hands are always the true ones");
    }

    /// Plays `seed`'s 2-manager season until `stop` holds for the seat
    /// deciding.
    fn reach(seed: u64, stop: impl Fn(&Season) -> bool) -> (Season, Seat) {
        let d = decks();
        let config = SeasonConfig::new(d.clone(), 2, 2);
        let mut s = Season::new(&config, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut bot = SeasonBot::new(d);
        let mut rng = GameRng::seed_from_u64(seed);
        for _ in 0..5_000 {
            let Some(seat) = decider(&s, &mut rng) else {
                break;
            };
            if stop(&s) {
                return (s, seat);
            }
            let legal = s.legal(seat);
            let i = bot.choose(Some(&s.view(seat)), &legal);
            let Some(a) = legal.get(i).cloned() else {
                break;
            };
            s.act(seat, &a, &mut Vec::new())
                .unwrap_or_else(|e| panic!("{e}"));
        }
        panic!("seed {seed}: the moment never came")
    }

    #[test]
    fn a_week_day_keeps_the_seat_s_cards_and_deals_the_rest() {
        let (s, seat) = reach(3, |s| matches!(s.phase, Phase::Day(1)) && s.week == 2);
        let mut rng = GameRng::seed_from_u64(9);
        let mut differs = false;
        for _ in 0..8 {
            let copy = check_copy(&s, seat, &mut rng, "Wednesday");
            let me = seat.index();
            let other = 1 - me;
            assert_eq!(copy.clubs[me].tactics, s.clubs[me].tactics);
            assert_eq!(copy.clubs[me].objective, s.clubs[me].objective);
            assert_eq!(
                copy.clubs[other].tactics.len(),
                s.clubs[other].tactics.len()
            );
            assert_eq!(copy.census(), s.census());
            differs |= copy.area.player_deck.deck != s.area.player_deck.deck
                || copy.clubs[other].objective != s.clubs[other].objective;
        }
        assert!(differs, "the hidden cards are always the true ones");
    }

    #[test]
    fn matchday_offers_the_same_plans_against_a_hidden_opponent() {
        let (s, seat) = reach(4, |s| {
            s.phase == Phase::Matchday && s.clubs.iter().all(|c| c.pending.is_none())
        });
        let mut rng = GameRng::seed_from_u64(1);
        let me = seat.index();
        let next = |g: &Season| -> (String, String) {
            let o = g.clubs[me]
                .opponents
                .last()
                .and_then(|o| g.config.decks.opponents.get(*o));
            o.map(|o| (o.club.clone(), o.formation.clone()))
                .unwrap_or_default()
        };
        for _ in 0..8 {
            let copy = check_copy(&s, seat, &mut rng, "Matchday");
            // The Scout Report holds; the card under it is drawn.
            assert_eq!(next(&copy), next(&s));
            assert_eq!(copy.clubs[me].opponents.len(), s.clubs[me].opponents.len());
            assert_eq!(copy.census(), s.census());
            let mut copy = copy;
            let plan = copy
                .legal(seat)
                .into_iter()
                .find(|a| matches!(a, Action::PlayMatch(_)));
            let Some(plan) = plan else {
                panic!("no plan offered")
            };
            copy.act(seat, &plan, &mut Vec::new())
                .unwrap_or_else(|e| panic!("the copy refuses its own plan: {e}"));
        }
    }
}

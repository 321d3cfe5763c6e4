//! Eleven's season scenarios: a season set up from a seed and played to
//! a chosen moment by the default choices (`at`, `week`), then changed to
//! an exact position (each club's Resources, Stats, VP, cards, tokens,
//! Stadium and Office; the Transfer Area's rows and the next cards of its
//! decks), with scripted dice, actions in words and expectations of every
//! club. The format is in `docs/scenarios.md` ("Eleven season
//! scenarios"); `touchline scenario FILE` runs one, through the shared
//! [`crate::games::kit::scenario`] runner, so the head (`[expect]`'s
//! `step`, `to_act`, `winner`, `error`, `log`, checkpoints) works as for
//! every game.

use super::deck::ElevenDecks;
use super::season::{Action, CardRef, Event, Phase, Row, Season, SeasonConfig};
use super::tools::ElevenData;
use super::vocab::{Contract, Infrastructure, PlayerKind, Side};
use crate::cards::DataError;
use crate::engine::script::Scripted;
use crate::engine::{Game as _, Seat};
use crate::games::eleven::league::ConsequencePicks;
use crate::games::eleven::matchday::Tokens;
use crate::games::kit::{ScenarioKit, Setup};
use crate::scenario::Head;
use serde::Deserialize;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use toml::Spanned;

/// The game's own part of a season scenario file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// The season and its position.
    season: Spanned<SeasonPart>,
    #[serde(default)]
    expect: Expect,
    #[serde(default)]
    checkpoint: Vec<Expect>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeasonPart {
    #[serde(default = "one")]
    managers: u8,
    #[serde(default = "two")]
    division: u8,
    #[serde(default)]
    first: u8,
    /// The managers answer the choices as they come (`answer N`).
    #[serde(default)]
    ask: bool,
    /// Where the default choices stop.
    #[serde(default)]
    at: Option<Spanned<String>>,
    #[serde(default = "one")]
    week: u8,
    #[serde(default)]
    dice: Vec<Spanned<u8>>,
    #[serde(default)]
    club: Vec<Spanned<ClubPart>>,
    #[serde(default)]
    area: Option<Spanned<AreaPart>>,
    /// League points by team name (a club's or an Opponent's).
    #[serde(default)]
    league: BTreeMap<String, u32>,
}

fn one() -> u8 {
    1
}

fn two() -> u8 {
    2
}

/// One club's position; what is left out stays as the season made it.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ClubPart {
    cash: Option<u32>,
    fan_base: Option<u32>,
    operation: Option<u32>,
    fitness: Option<u32>,
    stats: Option<[u8; 4]>,
    vp: Option<u32>,
    office: Option<u8>,
    /// Player card ids, `id` or `id:trained`.
    players: Option<Vec<String>>,
    /// Tokens on the club's Player cards, by card id.
    tokens: Option<BTreeMap<String, Tokens>>,
    staff: Option<Vec<String>>,
    directors: Option<Vec<String>>,
    tactics: Option<Vec<String>>,
    objective: Option<String>,
    built: Option<Vec<Infrastructure>>,
    /// Suspension tokens on Staff cards, by card id.
    suspensions: Option<BTreeMap<String, u8>>,
    /// Rule changes in force, as an effect's `modify` leaves them
    /// (`{ rule = "consequence_roll", by = 3, duration = "week" }`).
    modifiers: Option<Vec<super::season::club::Modifier>>,
    /// Sponsors in play, `id:adboard` or `id:kit` (`id` alone: Adboard).
    sponsors: Option<Vec<String>>,
    /// Reminder tokens on the boards.
    reminders: Option<u32>,
    /// The club's points on the League table.
    league_points: Option<u32>,
    /// The Jersey markers: `pitch 2D 3D ... bench 11A -D -A`.
    jerseys: Option<String>,
    /// The next Opponent card (its id), from the club's own stack or the
    /// box; its club must play in the Division.
    opponent: Option<String>,
}

/// The Transfer Area: rows leftmost first (5 cards; `""` an empty
/// slot), and the next cards of its decks, the next drawn first.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct AreaPart {
    players: Option<Vec<String>>,
    staff: Option<Vec<String>>,
    sponsors: Option<Vec<String>>,
    player_deck: Option<Vec<String>>,
    youngsters: Option<Vec<String>>,
    /// The next Veterans drawn.
    veterans: Option<Vec<String>>,
    staff_deck: Option<Vec<String>>,
    sponsor_deck: Option<Vec<String>>,
    /// The next Board Meeting cards drawn (a Monday to come).
    board_deck: Option<Vec<String>>,
    /// The next Tactic cards drawn.
    tactic_deck: Option<Vec<String>>,
}

/// What a season scenario expects, besides the shared head.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The Week.
    week: Option<u8>,
    /// The question waiting, its words and answers as `"question? a | b"`
    /// (`""`: none waits).
    question: Option<String>,
    /// League points by team name.
    league: Option<BTreeMap<String, u32>>,
    /// The Transfer Area's rows, leftmost first (`""` an empty slot).
    area: Option<ExpectArea>,
    /// Each club named.
    #[serde(default)]
    club: Vec<ExpectClub>,
}

/// The rows expected; each is checked only when given.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectArea {
    players: Option<Vec<String>>,
    staff: Option<Vec<String>>,
    sponsors: Option<Vec<String>>,
}

/// What one club should hold.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectClub {
    seat: u8,
    /// Director ids, in the club's order.
    directors: Option<Vec<String>>,
    /// Tactic card ids in hand.
    tactics: Option<Vec<String>>,
    /// The Objective kept (`""`: none).
    objective: Option<String>,
    /// Whether the Objective is revealed (fulfilled).
    objective_revealed: Option<bool>,
    /// Reminder tokens.
    reminders: Option<u32>,
    /// Rule changes in force.
    modifiers: Option<Vec<super::season::club::Modifier>>,
    /// Staff and Director ids exhausted this Week.
    exhausted: Option<Vec<String>>,
    /// The Jersey markers, as the club part writes them.
    jerseys: Option<String>,
    cash: Option<u32>,
    fan_base: Option<u32>,
    operation: Option<u32>,
    fitness: Option<u32>,
    stats: Option<[u8; 4]>,
    vp: Option<u32>,
    office: Option<u8>,
    players: Option<Vec<String>>,
    staff: Option<Vec<String>>,
    sponsors: Option<Vec<String>>,
    built: Option<Vec<Infrastructure>>,
    tokens: Option<BTreeMap<String, Tokens>>,
    suspensions: Option<BTreeMap<String, u8>>,
    league_points: Option<u32>,
    league_position: Option<u32>,
    /// The Final Scoring, line by line (checked once the season is over).
    score: Option<ExpectScore>,
}

/// Final Scoring lines; each is checked only when given.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectScore {
    league: Option<i32>,
    tokens: Option<i32>,
    staff_sets: Option<i32>,
    infrastructure: Option<i32>,
    office: Option<i32>,
    suspensions: Option<i32>,
    total: Option<i32>,
}

/// Where the default choices stop, by the scenario's names.
fn reached(season: &Season, at: &str, week: u8) -> bool {
    let phase = step_name(season);
    season.phase == Phase::Over || (season.week >= week && phase == at)
}

/// A step as scenarios name it.
fn step_name(season: &Season) -> String {
    match season.phase {
        Phase::Draft(_) => "draft".into(),
        Phase::Objective => "objective".into(),
        Phase::BoardMeeting => "monday".into(),
        Phase::Day(0) => "tuesday".into(),
        Phase::Day(1) => "wednesday".into(),
        Phase::Day(_) => "thursday".into(),
        Phase::Matchday => {
            let waiting = season
                .queue
                .first()
                .and_then(|s| season.clubs.get(s.index()))
                .is_some_and(|c| c.pending.is_some());
            if waiting { "consequence" } else { "matchday" }.into()
        }
        Phase::Wipe => "wipe".into(),
        Phase::Over => "over".into(),
    }
}

const STEPS: [&str; 9] = [
    "draft",
    "objective",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "matchday",
    "consequence",
    "wipe",
];

/// The default choice of the seat deciding: the first Director, the
/// first Objective, the Board's decision, the end of the Day, the first
/// suggested plan, the consequence as it lies, the rows kept.
fn default_step(season: &mut Season) -> Result<(), String> {
    let seat = match season.to_act() {
        crate::engine::ToAct::One(s) => s,
        crate::engine::ToAct::Simultaneous(set) => set.iter().next().ok_or("nobody decides")?,
        crate::engine::ToAct::Chance | crate::engine::ToAct::Over => {
            return Err("nobody decides".into());
        }
    };
    let action = match season.phase {
        Phase::Draft(_) => Action::Draft(0),
        Phase::Objective => Action::KeepObjective(0),
        Phase::BoardMeeting => Action::AcceptBoard { picks: Vec::new() },
        Phase::Day(_) => Action::EndTurn,
        Phase::Matchday if step_name(season) == "consequence" => Action::AcceptConsequence,
        Phase::Matchday => Action::PlaySuggested(0),
        Phase::Wipe => Action::Wipe(None),
        Phase::Over => return Err("the season is over".into()),
    };
    season
        .act(seat, &action, &mut Vec::new())
        .map_err(|e| e.to_string())
}

/// Whether a card kind goes in a place.
type KindTest = fn(Kind) -> bool;

/// Which pile and row a card kind lives in.
#[derive(Clone, Copy)]
enum Kind {
    Player(PlayerKind),
    Staff,
    Sponsor,
    Director,
    Tactic,
    Objective,
    Board,
}

/// The card index of `id` among `decks`' cards of its kind.
fn find(decks: &ElevenDecks, id: &str) -> Option<(Kind, usize)> {
    if let Some(i) = decks.players.iter().position(|c| c.id == id) {
        return Some((Kind::Player(decks.players[i].kind), i));
    }
    let pos = |ids: Vec<&String>| ids.iter().position(|c| *c == id);
    if let Some(i) = pos(decks.staff.iter().map(|c| &c.id).collect()) {
        return Some((Kind::Staff, i));
    }
    if let Some(i) = pos(decks.sponsors.iter().map(|c| &c.id).collect()) {
        return Some((Kind::Sponsor, i));
    }
    if let Some(i) = pos(decks.directors.iter().map(|c| &c.id).collect()) {
        return Some((Kind::Director, i));
    }
    if let Some(i) = pos(decks.tactics.iter().map(|c| &c.id).collect()) {
        return Some((Kind::Tactic, i));
    }
    if let Some(i) = pos(decks.objectives.iter().map(|c| &c.id).collect()) {
        return Some((Kind::Objective, i));
    }
    pos(decks.board_meetings.iter().map(|c| &c.id).collect()).map(|i| (Kind::Board, i))
}

/// Takes card `k` of `kind` out of the supply (its decks, discard piles
/// and the Transfer Area's rows; an emptied row slot is refilled from
/// its deck); false when it is not there (a club holds it).
fn take(s: &mut Season, kind: Kind, k: usize) -> bool {
    let area = &mut s.area;
    let (row, piles): (
        Option<&mut Vec<Option<usize>>>,
        Vec<&mut super::season::state::Pile>,
    ) = match kind {
        Kind::Player(PlayerKind::Regular) => (Some(&mut area.players), vec![&mut area.player_deck]),
        Kind::Player(PlayerKind::Youngster) => {
            (Some(&mut area.players), vec![&mut area.youngsters])
        }
        Kind::Player(PlayerKind::Veteran) => (Some(&mut area.players), vec![&mut area.veterans]),
        Kind::Staff => (Some(&mut area.staff), vec![&mut area.staff_deck]),
        Kind::Sponsor => (Some(&mut area.sponsors), vec![&mut area.sponsor_deck]),
        Kind::Director => (None, vec![&mut s.decks.directors]),
        Kind::Tactic => (None, vec![&mut s.decks.tactics]),
        Kind::Objective => (None, vec![&mut s.decks.objectives]),
        Kind::Board => (None, vec![&mut s.decks.board]),
    };
    let mut piles = piles;
    for pile in piles.iter_mut() {
        for list in [&mut pile.deck, &mut pile.discard] {
            if let Some(p) = list.iter().position(|c| *c == k) {
                list.remove(p);
                return true;
            }
        }
    }
    if let Some(row) = row
        && let Some(slot) = row.iter().position(|c| *c == Some(k))
    {
        row[slot] = piles.first_mut().and_then(|p| p.deck.pop());
        return true;
    }
    // Directors not drafted and Staff of other table sizes lie in the box.
    let boxed = match kind {
        Kind::Director => Some(&mut s.boxed.directors),
        Kind::Staff => Some(&mut s.boxed.staff),
        _ => None,
    };
    if let Some(list) = boxed
        && let Some(p) = list.iter().position(|c| *c == k)
    {
        list.remove(p);
        return true;
    }
    false
}

/// Gives card `k` of `kind` back to its discard pile.
fn give_back(s: &mut Season, kind: Kind, k: usize) {
    let area = &mut s.area;
    let pile = match kind {
        Kind::Player(PlayerKind::Regular) => &mut area.player_deck,
        Kind::Player(PlayerKind::Youngster) => &mut area.youngsters,
        Kind::Player(PlayerKind::Veteran) => &mut area.veterans,
        Kind::Staff => &mut area.staff_deck,
        Kind::Sponsor => &mut area.sponsor_deck,
        Kind::Director => {
            s.boxed.directors.push(k);
            return;
        }
        Kind::Tactic => &mut s.decks.tactics,
        Kind::Objective => &mut s.decks.objectives,
        Kind::Board => &mut s.decks.board,
    };
    pile.discard.push(k);
}

impl Season {
    fn card_of(&self, id: &str) -> Option<(Kind, usize)> {
        find(&self.config.decks, id)
    }
}

/// Sets club `c`'s cards of one kind to `ids`: the cards it held go back
/// to their discard piles, the named ones come out of the supply.
fn set_cards(
    s: &mut Season,
    ids: &[String],
    want: &dyn Fn(Kind) -> bool,
    held: Vec<(Kind, usize)>,
) -> Result<Vec<usize>, String> {
    for (kind, k) in held {
        give_back(s, kind, k);
    }
    let mut out = Vec::new();
    for id in ids {
        let (kind, k) = s
            .card_of(id)
            .ok_or_else(|| format!("there is no card `{id}`"))?;
        if !want(kind) {
            return Err(format!("`{id}` is not a card that goes here"));
        }
        if !take(s, kind, k) {
            return Err(format!("`{id}` is not in the supply (a club holds it)"));
        }
        out.push(k);
    }
    Ok(out)
}

fn kind_of_player(decks: &ElevenDecks, k: usize) -> Kind {
    Kind::Player(decks.players.get(k).map_or(PlayerKind::Regular, |p| p.kind))
}

/// Applies `part` to club `c`.
fn apply_club(s: &mut Season, c: usize, part: &ClubPart) -> Result<(), String> {
    let decks = s.config.decks.clone();
    if let Some(ids) = &part.players {
        let held: Vec<(Kind, usize)> = s.clubs[c]
            .players
            .iter()
            .map(|p| (kind_of_player(&decks, p.card), p.card))
            .collect();
        let mut bare = Vec::new();
        let mut trained = Vec::new();
        for id in ids {
            let (id, side) = match id.split_once(':') {
                Some((id, "trained")) => (id, true),
                Some((_, other)) => return Err(format!("`{other}`: write `id` or `id:trained`")),
                None => (id.as_str(), false),
            };
            bare.push(id.to_string());
            trained.push(side);
        }
        let cards = set_cards(s, &bare, &|k| matches!(k, Kind::Player(_)), held)?;
        s.clubs[c].players = cards
            .into_iter()
            .zip(trained)
            .map(|(k, t)| {
                let mut p = super::season::state::new_player(&decks, k);
                if t {
                    p.side = Side::Trained;
                }
                p
            })
            .collect();
    }
    if let Some(tokens) = &part.tokens {
        for (id, t) in tokens {
            let player = s.clubs[c]
                .players
                .iter_mut()
                .find(|p| decks.players.get(p.card).is_some_and(|x| &x.id == id))
                .ok_or_else(|| format!("tokens: the club has no Player `{id}`"))?;
            player.tokens = *t;
        }
    }
    let owned = |cards: Vec<usize>| -> Vec<super::season::club::OwnedCard> {
        cards
            .into_iter()
            .map(|card| super::season::club::OwnedCard {
                card,
                exhausted: false,
                suspension: 0,
            })
            .collect()
    };
    if let Some(ids) = &part.staff {
        let held = s.clubs[c]
            .staff
            .iter()
            .map(|o| (Kind::Staff, o.card))
            .collect();
        let cards = set_cards(s, ids, &|k| matches!(k, Kind::Staff), held)?;
        s.clubs[c].staff = owned(cards);
    }
    if let Some(susp) = &part.suspensions {
        for (id, n) in susp {
            let club = &mut s.clubs[c];
            let card = club
                .staff
                .iter_mut()
                .chain(club.directors.iter_mut())
                .find(|o| {
                    decks.staff.get(o.card).is_some_and(|x| &x.id == id)
                        || decks.directors.get(o.card).is_some_and(|x| &x.id == id)
                })
                .ok_or_else(|| format!("suspensions: the club has no Staff or Director `{id}`"))?;
            card.suspension = *n;
        }
    }
    if let Some(ids) = &part.directors {
        let held = s.clubs[c]
            .directors
            .iter()
            .map(|o| (Kind::Director, o.card))
            .collect();
        let cards = set_cards(s, ids, &|k| matches!(k, Kind::Director), held)?;
        s.clubs[c].directors = owned(cards);
    }
    if let Some(ids) = &part.tactics {
        let held = s.clubs[c]
            .tactics
            .iter()
            .map(|k| (Kind::Tactic, *k))
            .collect();
        s.clubs[c].tactics = set_cards(s, ids, &|k| matches!(k, Kind::Tactic), held)?;
    }
    if let Some(id) = &part.objective {
        let held = s.clubs[c]
            .objective
            .map(|k| (Kind::Objective, k))
            .into_iter()
            .collect();
        let cards = set_cards(
            s,
            std::slice::from_ref(id),
            &|k| matches!(k, Kind::Objective),
            held,
        )?;
        s.clubs[c].objective = cards.first().copied();
    }
    let club = &mut s.clubs[c];
    for (i, v) in [part.cash, part.fan_base, part.operation, part.fitness]
        .into_iter()
        .enumerate()
    {
        if let Some(v) = v {
            club.res[i] = v;
        }
    }
    if let Some(st) = part.stats {
        if st.iter().any(|v| !(1..=5).contains(v)) {
            return Err(format!("stats {st:?}: a Stat level is 1-5"));
        }
        club.stats = st;
    }
    if let Some(v) = part.vp {
        club.vp = v;
    }
    if let Some(o) = part.office {
        if o > 4 {
            return Err(format!("office {o}: the Office marker is at 0-4"));
        }
        club.office = o;
    }
    if let Some(b) = &part.built {
        club.built = b.clone();
    }
    if let Some(m) = &part.modifiers {
        club.modifiers = m.clone();
    }
    if let Some(r) = part.reminders {
        club.reminders = r;
    }
    if let Some(p) = part.league_points {
        let team = club.team;
        if let Some(t) = s.league.teams.get_mut(team) {
            t.points = p;
        }
    }
    if let Some(ids) = &part.sponsors {
        let held = s.clubs[c]
            .sponsors
            .iter()
            .map(|o| (Kind::Sponsor, o.card))
            .collect();
        let mut bare = Vec::new();
        let mut contracts = Vec::new();
        for id in ids {
            let (id, contract) = match id.split_once(':') {
                None | Some((_, "adboard")) => {
                    (id.split(':').next().unwrap_or(id), Contract::Adboard)
                }
                Some((id, "kit")) => (id, Contract::Kit),
                Some((_, other)) => {
                    return Err(format!(
                        "`{other}`: a Sponsor in play is `id:adboard` or `id:kit`"
                    ));
                }
            };
            bare.push(id.to_string());
            contracts.push(contract);
        }
        let cards = set_cards(s, &bare, &|k| matches!(k, Kind::Sponsor), held)?;
        s.clubs[c].sponsors = cards
            .into_iter()
            .zip(contracts)
            .map(|(card, contract)| super::season::club::OwnedSponsor {
                card,
                contract,
                gained: [0; 5],
                rules: Vec::new(),
            })
            .collect();
    }
    if let Some(id) = &part.opponent {
        let k = decks
            .opponents
            .iter()
            .position(|o| &o.id == id)
            .ok_or_else(|| format!("opponent: no Opponent card `{id}`"))?;
        let club_id = &decks.opponents[k].club;
        if !s.league_clubs.contains(club_id) {
            return Err(format!(
                "opponent: `{id}` is a card of {club_id}, who does not play in Division {}",
                s.config.division
            ));
        }
        let stack = &mut s.clubs[c].opponents;
        if let Some(at) = stack.iter().position(|o| *o == k) {
            let card = stack.remove(at);
            stack.push(card);
        } else if let Some(at) = s.boxed.opponents.iter().position(|o| *o == k) {
            s.boxed.opponents.remove(at);
            if let Some(old) = s.clubs[c].opponents.pop() {
                s.boxed.opponents.push(old);
                s.boxed.opponents.sort_unstable();
            }
            s.clubs[c].opponents.push(k);
        } else {
            return Err(format!(
                "opponent: `{id}` is not in the club's stack nor in the box"
            ));
        }
    }
    if let Some(text) = &part.jerseys {
        let seen = s.jersey_cards(c).iter().map(|k| (k.card, k.side)).collect();
        s.clubs[c].jerseys = Some(
            super::season::Jerseys::from_notation(text, seen)
                .map_err(|e| format!("jerseys: {e}"))?,
        );
    }
    // The Jersey markers follow the cards, as after any action.
    if s.clubs[c].jerseys.is_some() {
        let cards = s.jersey_cards(c);
        if let Some(j) = s.clubs[c].jerseys.as_mut() {
            j.follow(&cards);
        }
    }
    Ok(())
}

/// Applies `part` to the Transfer Area.
fn apply_area(s: &mut Season, part: &AreaPart) -> Result<(), String> {
    let rows: [(&Option<Vec<String>>, Row); 3] = [
        (&part.players, Row::Players),
        (&part.staff, Row::Staff),
        (&part.sponsors, Row::Sponsors),
    ];
    for (ids, row) in rows {
        let Some(ids) = ids else { continue };
        if ids.len() != 5 {
            return Err(format!(
                "a row holds 5 cards, not {} (`\"\"` is an empty slot)",
                ids.len()
            ));
        }
        let want: &dyn Fn(Kind) -> bool = match row {
            Row::Players => &|k| matches!(k, Kind::Player(_)),
            Row::Staff => &|k| matches!(k, Kind::Staff),
            Row::Sponsors => &|k| matches!(k, Kind::Sponsor),
        };
        // The row's cards go back first, so that a card may stay in it.
        let old: Vec<usize> = match row {
            Row::Players => s.area.players.iter().flatten().copied().collect(),
            Row::Staff => s.area.staff.iter().flatten().copied().collect(),
            Row::Sponsors => s.area.sponsors.iter().flatten().copied().collect(),
        };
        let decks = s.config.decks.clone();
        let kinds: Vec<(Kind, usize)> = old
            .into_iter()
            .map(|k| match row {
                Row::Players => (kind_of_player(&decks, k), k),
                Row::Staff => (Kind::Staff, k),
                Row::Sponsors => (Kind::Sponsor, k),
            })
            .collect();
        match row {
            Row::Players => s.area.players = vec![None; 5],
            Row::Staff => s.area.staff = vec![None; 5],
            Row::Sponsors => s.area.sponsors = vec![None; 5],
        }
        let named: Vec<String> = ids.iter().filter(|i| !i.is_empty()).cloned().collect();
        let mut cards = set_cards(s, &named, want, kinds)?.into_iter();
        let slots: Vec<Option<usize>> = ids
            .iter()
            .map(|i| if i.is_empty() { None } else { cards.next() })
            .collect();
        match row {
            Row::Players => s.area.players = slots,
            Row::Staff => s.area.staff = slots,
            Row::Sponsors => s.area.sponsors = slots,
        }
    }
    let decks: [(&Option<Vec<String>>, KindTest); 7] = [
        (&part.player_deck, |k| {
            matches!(k, Kind::Player(PlayerKind::Regular))
        }),
        (&part.youngsters, |k| {
            matches!(k, Kind::Player(PlayerKind::Youngster))
        }),
        (&part.staff_deck, |k| matches!(k, Kind::Staff)),
        (&part.sponsor_deck, |k| matches!(k, Kind::Sponsor)),
        (&part.board_deck, |k| matches!(k, Kind::Board)),
        (&part.tactic_deck, |k| matches!(k, Kind::Tactic)),
        (&part.veterans, |k| {
            matches!(k, Kind::Player(PlayerKind::Veteran))
        }),
    ];
    for (n, (ids, want)) in decks.into_iter().enumerate() {
        let Some(ids) = ids else { continue };
        let cards = set_cards(s, ids, &want, Vec::new())?;
        let pile = match n {
            0 => &mut s.area.player_deck,
            1 => &mut s.area.youngsters,
            2 => &mut s.area.staff_deck,
            3 => &mut s.area.sponsor_deck,
            4 => &mut s.decks.board,
            5 => &mut s.decks.tactics,
            _ => &mut s.area.veterans,
        };
        // The next drawn is the last.
        pile.deck.extend(cards.into_iter().rev());
    }
    Ok(())
}

/// An action in a season scenario's words.
pub fn parse_action(text: &str) -> Result<Action, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let num = |w: Option<&&str>, what: &str| -> Result<usize, String> {
        w.and_then(|w| w.parse::<usize>().ok())
            .ok_or_else(|| format!("`{text}`: {what} must be a number"))
    };
    // `picks 1 0 2` at the end of a Card action, a Board decision or a
    // Staff hire.
    let picks = |from: usize| -> Result<Vec<u8>, String> {
        match words.get(from) {
            None => Ok(Vec::new()),
            Some(&"picks") => words[from + 1..]
                .iter()
                .map(|w| {
                    w.parse::<u8>()
                        .map_err(|_| format!("`{text}`: `{w}` is not a pick"))
                })
                .collect(),
            Some(w) => Err(format!(
                "`{text}`: `{w}` is not understood (picks come as `picks 1 0`)"
            )),
        }
    };
    let squad = |w: &str| -> Result<Option<usize>, String> {
        if w == "-" {
            Ok(None)
        } else {
            w.parse::<usize>()
                .map(Some)
                .map_err(|_| format!("`{text}`: `{w}` is not a Player's place in the squad"))
        }
    };
    Ok(match words.as_slice() {
        ["draft", k] => Action::Draft(num(Some(k), "the Director")?),
        ["objective", k] => Action::KeepObjective(num(Some(k), "the Objective")?),
        ["accept"] => Action::AcceptBoard { picks: Vec::new() },
        ["accept", "picks", ..] => Action::AcceptBoard { picks: picks(1)? },
        ["reroll"] => Action::RerollBoard,
        ["hire", "youngster"] => Action::HireYoungster,
        ["hire", "player", k] => Action::HirePlayer(num(Some(k), "the slot")?),
        ["hire", "staff", k] => Action::HireStaff(num(Some(k), "the slot")?),
        ["hire", "staff", k, ..] => Action::HireStaffWith {
            slot: num(Some(k), "the slot")?,
            picks: picks(3)?,
        },
        ["sell", k] => Action::Sell(num(Some(k), "the Player")?),
        ["sponsor", k, contract, rest @ ..] => {
            let slot = num(Some(k), "the slot")?;
            let contract = match *contract {
                "one-off" => Contract::OneOff,
                "adboard" => Contract::Adboard,
                "kit" => Contract::Kit,
                c => return Err(format!("`{c}`: the contract is one-off, adboard or kit")),
            };
            let bonus = rest.first() == Some(&"bonus");
            let tail = &rest[usize::from(bonus)..];
            match tail {
                [] => Action::ContractSponsor {
                    slot,
                    contract,
                    bonus,
                },
                ["picks", ..] => Action::ContractSponsorWith {
                    slot,
                    contract,
                    bonus,
                    picks: picks(3 + usize::from(bonus))?,
                },
                _ => {
                    return Err(format!(
                        "`{text}`: only `bonus` and `picks 1 0` may follow the contract"
                    ));
                }
            }
        }
        ["build", what] => Action::Build(match *what {
            "stand" => Infrastructure::Stand,
            "adboard" => Infrastructure::Adboard,
            "lighting" => Infrastructure::StadiumLighting,
            "store" => Infrastructure::MerchandiseStore,
            "office" => Infrastructure::DirectorsOffice,
            "ground" => Infrastructure::TrainingGround,
            w => {
                return Err(format!(
                    "`{w}`: build stand, adboard, lighting, store, office (Directors Office) or ground (Training Ground)"
                ));
            }
        }),
        ["office"] => Action::BuildOffice,
        ["card", which, k, rest @ ..] => {
            let k = num(Some(k), "the card")?;
            let card = match *which {
                "staff" => CardRef::Staff(k),
                "director" => CardRef::Director(k),
                w => {
                    return Err(format!(
                        "`{w}`: a Card action is `card staff N` or `card director N`"
                    ));
                }
            };
            let paid = rest.first() == Some(&"paid");
            Action::CardAction {
                card,
                paid,
                picks: picks(if paid { 4 } else { 3 })?,
            }
        }
        ["end"] => Action::EndTurn,
        ["play"] => Action::PlaySuggested(0),
        ["play", k] => Action::PlaySuggested(num(Some(k), "the suggested plan")?),
        ["accept", "consequence"] => Action::AcceptConsequence,
        ["reroll", "consequence"] => Action::RerollConsequence,
        ["reroll", "injury", k] => Action::RerollInjury(num(Some(k), "the Injury die")?),
        ["consequence", rest @ ..] => {
            let mut picks = ConsequencePicks::default();
            let mut i = 0;
            while i < rest.len() {
                match (rest[i], rest.get(i + 1)) {
                    ("to", Some(w)) => picks.receiver = squad(w)?,
                    ("injured", Some(w)) => picks.injured.push(squad(w)?),
                    _ => {
                        return Err(format!(
                            "`{text}`: write `consequence to N` and `injured N` (one an Injury die, `-` for the default)"
                        ));
                    }
                }
                i += 2;
            }
            Action::ResolveConsequence(picks)
        }
        ["answer", k] => Action::Answer(
            u8::try_from(num(Some(k), "the answer")?)
                .map_err(|_| format!("`{text}`: the answer is a small number"))?,
        ),
        ["wipe", row] => Action::Wipe(match *row {
            "none" => None,
            "players" => Some(Row::Players),
            "staff" => Some(Row::Staff),
            "sponsors" => Some(Row::Sponsors),
            w => return Err(format!("`{w}`: wipe none, players, staff or sponsors")),
        }),
        _ => {
            return Err(format!(
                "`{text}` is not a season action (docs/scenarios.md lists them: draft 0, hire player 3, end, play, accept consequence...)"
            ));
        }
    })
}

impl Scripted for Season {
    fn turn_seat(&self) -> Option<Seat> {
        self.queue.first().copied()
    }

    fn step_name(&self) -> String {
        step_name(self)
    }

    fn log_line(&self, event: &Event, viewer: Option<Seat>) -> Option<String> {
        use crate::ui::session::TableGame as _;
        let seats: Vec<String> = self.clubs.iter().map(|c| c.name.clone()).collect();
        self.narrate(&(), &seats, event, viewer).map(|n| n.text)
    }
}

impl ScenarioKit for Season {
    type File = File;
    type Expect = Expect;
    const EXAMPLE: &'static str = "0: hire player 3";

    fn setup(
        data: &Arc<ElevenData>,
        file: &str,
        text: &str,
        head: &Head,
        part: File,
    ) -> Result<Setup<Self>, DataError> {
        let at_season = part.season.span().start;
        let err = |offset: usize, field: &str, msg: String| {
            DataError::file(file, msg).at(text, offset).field(field)
        };
        let p = part.season.into_inner();
        let mut config = SeasonConfig::new(data.decks.clone(), p.managers, p.division);
        config.first = p.first;
        let mut s =
            Season::new(&config, head.seed).map_err(|e| err(at_season, "season", e.to_string()))?;
        let at = p.at.as_ref().map_or("draft", |a| a.get_ref().as_str());
        if !STEPS.contains(&at) {
            let off = p.at.as_ref().map_or(at_season, |a| a.span().start);
            return Err(err(
                off,
                "season.at",
                format!("`{at}` is not a step: one of {}", STEPS.join(", ")),
            ));
        }
        if !(1..=6).contains(&p.week) {
            return Err(err(
                at_season,
                "season.week",
                format!("week {}: the season has Weeks 1-6", p.week),
            ));
        }
        let mut guard = 0;
        while !reached(&s, at, p.week) {
            default_step(&mut s).map_err(|e| {
                err(
                    at_season,
                    "season.at",
                    format!("cannot reach `{at}` of Week {}: {e}", p.week),
                )
            })?;
            guard += 1;
            if guard > 10_000 {
                return Err(err(
                    at_season,
                    "season.at",
                    format!("`{at}` of Week {} is never reached", p.week),
                ));
            }
        }
        if s.phase == Phase::Over && at != "over" {
            return Err(err(
                at_season,
                "season.at",
                format!("the season ended before `{at}` of Week {}", p.week),
            ));
        }
        for (c, club) in p.club.iter().enumerate() {
            if c >= s.clubs.len() {
                return Err(err(
                    club.span().start,
                    "season.club",
                    format!("club {} of a season of {} managers", c + 1, s.clubs.len()),
                ));
            }
            apply_club(&mut s, c, club.get_ref())
                .map_err(|m| err(club.span().start, "season.club", m))?;
        }
        if let Some(area) = &p.area {
            apply_area(&mut s, area.get_ref())
                .map_err(|m| err(area.span().start, "season.area", m))?;
        }
        for (name, points) in &p.league {
            let team = s.league.teams.iter_mut().find(|t| &t.name == name);
            match team {
                Some(t) => t.points = *points,
                None => {
                    let names: Vec<&str> = s.league.teams.iter().map(|t| t.name.as_str()).collect();
                    return Err(err(
                        at_season,
                        "season.league",
                        format!(
                            "no team `{name}` in the League (there are: {})",
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
        let mut dice = VecDeque::new();
        for d in &p.dice {
            let v = *d.get_ref();
            if !(1..=12).contains(&v) {
                return Err(err(
                    d.span().start,
                    "season.dice",
                    format!("a die shows 1-12, not {v}"),
                ));
            }
            dice.push_back(v);
        }
        s.script_dice = dice;
        s.config.ask = p.ask;
        for c in &part.expect.club {
            if usize::from(c.seat) >= s.clubs.len() {
                return Err(
                    DataError::file(file, format!("expect: no club at seat {}", c.seat))
                        .field("expect.club.seat"),
                );
            }
        }
        Ok((s, part.expect, part.checkpoint))
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        parse_action(text)
    }

    fn check(&self, expect: &Expect, _events: &[Event], fails: &mut Vec<String>) {
        let decks = &self.config.decks;
        let same = |fails: &mut Vec<String>, what: String, want: Option<String>, got: String| {
            if let Some(w) = want
                && w != got
            {
                fails.push(format!("{what}: expected {w}, got {got}"));
            }
        };
        same(
            fails,
            "week".into(),
            expect.week.map(|w| w.to_string()),
            self.week.to_string(),
        );
        same(
            fails,
            "question".into(),
            expect.question.clone(),
            self.question.as_ref().map_or_else(String::new, |q| {
                let answers: Vec<&str> = q.choice.options.iter().map(|(_, w)| w.as_str()).collect();
                format!("{} {}", q.choice.question, answers.join(" | "))
            }),
        );
        if let Some(league) = &expect.league {
            for (name, want) in league {
                let got = self
                    .league
                    .teams
                    .iter()
                    .find(|t| &t.name == name)
                    .map(|t| t.points);
                same(
                    fails,
                    format!("league points of {name}"),
                    Some(want.to_string()),
                    got.map_or_else(|| "no such team".to_string(), |p| p.to_string()),
                );
            }
        }
        if let Some(area) = &expect.area {
            let row = |cards: &[Option<usize>], id: &dyn Fn(usize) -> Option<String>| -> String {
                let ids: Vec<String> = cards
                    .iter()
                    .map(|c| c.and_then(id).unwrap_or_default())
                    .collect();
                format!("{ids:?}")
            };
            let player = |k: usize| decks.players.get(k).map(|x| x.id.clone());
            let staff = |k: usize| decks.staff.get(k).map(|x| x.id.clone());
            let sponsor = |k: usize| decks.sponsors.get(k).map(|x| x.id.clone());
            for (name, want, got) in [
                (
                    "area.players",
                    &area.players,
                    row(&self.area.players, &player),
                ),
                ("area.staff", &area.staff, row(&self.area.staff, &staff)),
                (
                    "area.sponsors",
                    &area.sponsors,
                    row(&self.area.sponsors, &sponsor),
                ),
            ] {
                same(
                    fails,
                    name.into(),
                    want.as_ref().map(|v| format!("{v:?}")),
                    got,
                );
            }
        }
        for e in &expect.club {
            let Some(club) = self.clubs.get(usize::from(e.seat)) else {
                continue;
            };
            let c = usize::from(e.seat);
            let at = |what: &str| format!("club {}: {what}", e.seat);
            for (i, (name, v)) in [
                ("cash", e.cash),
                ("fan_base", e.fan_base),
                ("operation", e.operation),
                ("fitness", e.fitness),
            ]
            .into_iter()
            .enumerate()
            {
                same(
                    fails,
                    at(name),
                    v.map(|v| v.to_string()),
                    club.res[i].to_string(),
                );
            }
            let debug = |v: &dyn std::fmt::Debug| format!("{v:?}");
            let players: Vec<String> = club
                .players
                .iter()
                .filter_map(|p| {
                    let card = decks.players.get(p.card)?;
                    Some(if p.side == Side::Trained {
                        format!("{}:trained", card.id)
                    } else {
                        card.id.clone()
                    })
                })
                .collect();
            let ids = |cards: &mut dyn Iterator<Item = Option<&String>>| -> Vec<String> {
                cards.flatten().cloned().collect()
            };
            let staff = ids(&mut club
                .staff
                .iter()
                .map(|o| decks.staff.get(o.card).map(|x| &x.id)));
            let sponsors = ids(&mut club
                .sponsors
                .iter()
                .map(|o| decks.sponsors.get(o.card).map(|x| &x.id)));
            let points = self.league.teams.get(club.team).map_or(0, |t| t.points);
            let directors = ids(&mut club
                .directors
                .iter()
                .map(|o| decks.directors.get(o.card).map(|x| &x.id)));
            let tactics = ids(&mut club
                .tactics
                .iter()
                .map(|k| decks.tactics.get(*k).map(|x| &x.id)));
            let objective = club
                .objective
                .and_then(|k| decks.objectives.get(k))
                .map_or_else(String::new, |o| o.id.clone());
            let exhausted: Vec<String> = club
                .staff
                .iter()
                .filter(|o| o.exhausted)
                .filter_map(|o| decks.staff.get(o.card).map(|x| x.id.clone()))
                .chain(
                    club.directors
                        .iter()
                        .filter(|o| o.exhausted)
                        .filter_map(|o| decks.directors.get(o.card).map(|x| x.id.clone())),
                )
                .collect();
            let position = self.league.position(club.team).unwrap_or(0);
            for (name, want, got) in [
                ("stats", e.stats.map(|v| debug(&v)), debug(&club.stats)),
                ("vp", e.vp.map(|v| debug(&v)), debug(&club.vp)),
                ("office", e.office.map(|v| debug(&v)), debug(&club.office)),
                (
                    "players",
                    e.players.as_ref().map(|v| debug(v)),
                    debug(&players),
                ),
                ("staff", e.staff.as_ref().map(|v| debug(v)), debug(&staff)),
                (
                    "sponsors",
                    e.sponsors.as_ref().map(|v| debug(v)),
                    debug(&sponsors),
                ),
                (
                    "built",
                    e.built.as_ref().map(|v| debug(v)),
                    debug(&club.built),
                ),
                (
                    "league_points",
                    e.league_points.map(|v| debug(&v)),
                    debug(&points),
                ),
                (
                    "league_position",
                    e.league_position.map(|v| debug(&v)),
                    debug(&position),
                ),
                (
                    "directors",
                    e.directors.as_ref().map(|v| debug(v)),
                    debug(&directors),
                ),
                (
                    "tactics",
                    e.tactics.as_ref().map(|v| debug(v)),
                    debug(&tactics),
                ),
                (
                    "objective",
                    e.objective.as_ref().map(|v| debug(v)),
                    debug(&objective),
                ),
                (
                    "objective_revealed",
                    e.objective_revealed.map(|v| debug(&v)),
                    debug(&club.objective_revealed),
                ),
                (
                    "reminders",
                    e.reminders.map(|v| debug(&v)),
                    debug(&club.reminders),
                ),
                (
                    "modifiers",
                    e.modifiers.as_ref().map(|v| debug(v)),
                    debug(&club.modifiers),
                ),
                (
                    "exhausted",
                    e.exhausted.as_ref().map(|v| debug(v)),
                    debug(&exhausted),
                ),
                (
                    "jerseys",
                    e.jerseys.clone(),
                    club.jerseys
                        .as_ref()
                        .map_or_else(|| "none kept".to_string(), |j| j.notation()),
                ),
            ] {
                same(fails, at(name), want, got);
            }
            if let Some(tokens) = &e.tokens {
                for (id, want) in tokens {
                    let got = club
                        .players
                        .iter()
                        .find(|p| decks.players.get(p.card).is_some_and(|x| &x.id == id))
                        .map(|p| p.tokens);
                    match got {
                        Some(t) if t == *want => {}
                        Some(t) => fails.push(format!(
                            "{}: expected {want:?}, got {t:?}",
                            at(&format!("tokens on {id}"))
                        )),
                        None => fails.push(format!(
                            "{}: the club has no such Player",
                            at(&format!("tokens on {id}"))
                        )),
                    }
                }
            }
            if let Some(susp) = &e.suspensions {
                for (id, want) in susp {
                    let got = club
                        .staff
                        .iter()
                        .find(|o| decks.staff.get(o.card).is_some_and(|x| &x.id == id))
                        .or_else(|| {
                            club.directors
                                .iter()
                                .find(|o| decks.directors.get(o.card).is_some_and(|x| &x.id == id))
                        })
                        .map(|o| o.suspension);
                    same(
                        fails,
                        at(&format!("suspensions on {id}")),
                        Some(want.to_string()),
                        got.map_or("no such card".into(), |n| n.to_string()),
                    );
                }
            }
            if let Some(want) = &e.score {
                let got = self
                    .scores
                    .as_ref()
                    .and_then(|s| s.get(c))
                    .cloned()
                    .unwrap_or_else(|| self.score(c));
                for (name, w, g) in [
                    ("league", want.league, got.league),
                    ("tokens", want.tokens, got.tokens),
                    ("staff_sets", want.staff_sets, got.staff_sets),
                    ("infrastructure", want.infrastructure, got.infrastructure),
                    ("office", want.office, got.office),
                    ("suspensions", want.suspensions, got.suspensions),
                    ("total", want.total, got.total),
                ] {
                    same(
                        fails,
                        at(&format!("score.{name}")),
                        w.map(|v| v.to_string()),
                        g.to_string(),
                    );
                }
            }
        }
    }

    fn state(&self) -> serde_json::Value {
        let decks = &self.config.decks;
        let ids = |cards: &mut dyn Iterator<Item = Option<&String>>| -> Vec<String> {
            cards.map(|c| c.cloned().unwrap_or_default()).collect()
        };
        serde_json::json!({
            "week": self.week,
            "step": step_name(self),
            "queue": self.queue.iter().map(|s| s.0).collect::<Vec<_>>(),
            "clubs": self.clubs.iter().map(|c| serde_json::json!({
                "name": c.name,
                "stats": c.stats,
                "cash": c.res[0], "fan_base": c.res[1], "operation": c.res[2], "fitness": c.res[3],
                "vp": c.vp,
                "office": c.office,
                "players": ids(&mut c.players.iter().map(|p| decks.players.get(p.card).map(|x| &x.id))),
                "staff": ids(&mut c.staff.iter().map(|p| decks.staff.get(p.card).map(|x| &x.id))),
                "sponsors": ids(&mut c.sponsors.iter().map(|p| decks.sponsors.get(p.card).map(|x| &x.id))),
                "built": c.built,
            })).collect::<Vec<_>>(),
            "players_row": ids(&mut self.area.players.iter().map(|c| c.and_then(|k| decks.players.get(k)).map(|x| &x.id))),
            "staff_row": ids(&mut self.area.staff.iter().map(|c| c.and_then(|k| decks.staff.get(k)).map(|x| &x.id))),
            "sponsor_row": ids(&mut self.area.sponsors.iter().map(|c| c.and_then(|k| decks.sponsors.get(k)).map(|x| &x.id))),
            "scores": self.scores,
        })
    }
}

//! What one seat may see of a season: everything public, its own hidden
//! cards, and of the other clubs only what lies face up.
//!
//! Hidden from other managers: the Director hand during the draft (and
//! the Directors kept until the draft is over), the Objective offer and
//! the kept Objective until it is revealed, the Tactic cards in hand
//! (only their number shows), and the Kit Sponsor's face (it lies face
//! down). Hidden from everyone: the decks' order, the Opponent card's
//! players until its Match (its club and Formation, the Scout Report,
//! are public) and the Trained side of Youngsters in the deck.

use super::action::Row;
use super::club::{BoardMeeting, Club, MatchSummary, Modifier, PendingMatch};
use super::state::{Phase, Season, SeasonScore};
use crate::engine::Seat;
use crate::games::eleven::league::{Consequence, ConsequencePicks, League};
use crate::games::eleven::matchday::{SourcedBlock, Tokens};
use crate::games::eleven::vocab::{Contract, Infrastructure, MatchResult, Side};
use serde::{Deserialize, Serialize};

/// A Player card as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The card id.
    pub id: String,
    /// The side face up.
    pub side: Side,
    /// Its tokens.
    pub tokens: Tokens,
    /// Its Strength with the tokens.
    pub strength: u32,
}

/// A Staff or Director card as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// The card id.
    pub id: String,
    /// Used this Week.
    pub exhausted: bool,
    /// Suspension tokens.
    pub suspension: u8,
}

/// A Sponsor in play; a Kit Sponsor's face is hidden from other seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SponsorView {
    /// The card id (none: face down).
    pub id: Option<String>,
    /// The contract.
    pub contract: Contract,
}

/// One club as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClubView {
    /// The name.
    pub name: String,
    /// Stat levels: Cash, Fan Base, Operation, Fitness.
    pub stats: [u8; 4],
    /// Resources held.
    pub res: [u32; 4],
    /// VP tokens in the supply.
    pub vp: u32,
    /// Player cards.
    pub players: Vec<PlayerView>,
    /// Staff cards.
    pub staff: Vec<CardView>,
    /// Director cards (hidden from others until the draft ends).
    pub directors: Option<Vec<CardView>>,
    /// Director cards in hand during the draft (own seat only).
    pub director_hand: Option<Vec<String>>,
    /// Sponsors in play.
    pub sponsors: Vec<SponsorView>,
    /// Built Infrastructure.
    pub built: Vec<Infrastructure>,
    /// Office level.
    pub office: u8,
    /// Tactic cards in hand (own seat only).
    pub tactics: Option<Vec<String>>,
    /// How many Tactic cards are in hand.
    pub tactic_count: usize,
    /// The Objective (own seat, or once revealed).
    pub objective: Option<String>,
    /// The Objectives offered at setup (own seat only).
    pub objective_offer: Option<Vec<String>>,
    /// The next Opponent's club (the Scout Report).
    pub next_opponent: Option<String>,
    /// Its Formation.
    pub next_formation: Option<String>,
    /// Opponent cards left.
    pub opponents_left: usize,
    /// This Week's Board Meeting (public).
    pub board: Option<BoardMeeting>,
    /// Cash due at the End of the Week.
    pub maintenance_due: u32,
    /// The Operation the Paid action costs.
    pub paid_action_cost: u32,
    /// Today's Basic action is used.
    pub basic_used: bool,
    /// Today's Paid action is used.
    pub paid_used: bool,
    /// The Match waiting for its consequence: goals for, against, the
    /// consequence rolled.
    pub pending: Option<(u32, u32, String)>,
    /// Wins, goals and clean sheets this season.
    pub record: (u32, u32, u32),
    /// The Jersey markers' sides and places (public), if kept.
    #[serde(default)]
    pub jerseys: Option<super::jersey::Jerseys>,
    /// The Match consequence waiting for the club's answers (public).
    #[serde(default)]
    pub consequence: Option<ConsequenceView>,
    /// What else lies open on the club's part of the table.
    #[serde(default)]
    pub ledger: ClubLedger,
}

/// The open bookkeeping of a club that its boards do not draw: the rule
/// changes in force, the Matches played, the Experience spaces filled,
/// and how many face-down cards it holds. Everything here is public; a
/// search bot rebuilds the club from it ([`Season::from_view`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClubLedger {
    /// Each Player card's Experience spaces filled, as in the club's list.
    pub experience: Vec<Vec<bool>>,
    /// What each contracted Sponsor gave (Cash, Fan Base, Operation,
    /// Fitness, VP) and the rule changes it made, as in the club's list.
    pub sponsor_gains: Vec<([i32; 5], Vec<Modifier>)>,
    /// Director cards kept so far (face down during the draft).
    pub directors_kept: usize,
    /// Director cards in hand during the draft.
    pub director_hand: usize,
    /// Objective cards offered and not yet chosen from.
    pub objective_offer: usize,
    /// Whether the club keeps an Objective (face down until revealed).
    pub objective_kept: bool,
    /// Whether the Objective is revealed.
    pub objective_revealed: bool,
    /// VP the Objective gave.
    pub objective_vp: u32,
    /// Rule changes in force.
    pub modifiers: Vec<Modifier>,
    /// This Week's Board Meeting blocks for the Match.
    pub board_match: Vec<SourcedBlock>,
    /// Reminder tokens on the boards.
    pub reminders: u32,
    /// Every Match played (its Opponent card is revealed).
    pub matches: Vec<MatchSummary>,
    /// The Match played and waiting for its consequence, whole.
    pub pending: Option<Box<PendingMatch>>,
    /// Solo: the row wiped this Week.
    pub wiped: Option<Row>,
}

/// The open piles and counts of the season: the face-up discard piles
/// (card indexes into the decks, the top last), the size of every face-down
/// pile the rows do not count, and the decisions taken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenPiles {
    /// Decisions taken so far.
    pub turns: u32,
    /// The regular Player discard pile.
    pub player_discard: Vec<usize>,
    /// The Youngster discard pile.
    pub youngster_discard: Vec<usize>,
    /// The Veteran discard pile.
    pub veteran_discard: Vec<usize>,
    /// The Staff discard pile.
    pub staff_discard: Vec<usize>,
    /// The Sponsor discard pile.
    pub sponsor_discard: Vec<usize>,
    /// The Tactic discard pile.
    pub tactic_discard: Vec<usize>,
    /// The Board Meeting discard pile.
    pub board_discard: Vec<usize>,
    /// Opponent cards played and discarded.
    pub opponents_played: Vec<usize>,
    /// Cards in the Veteran deck.
    pub veteran_deck: usize,
    /// Cards in the Board Meeting deck.
    pub board_deck: usize,
    /// Cards in the Tactic deck.
    pub tactic_deck: usize,
    /// Cards in the Objective deck.
    pub objective_deck: usize,
    /// Objective cards discarded (face down).
    pub objective_discard: usize,
    /// Cards in the Director deck.
    pub director_deck: usize,
}

/// A Match consequence rolled and not yet resolved, with the choices it
/// leaves the club (squad indexes are the club's Player list).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConsequenceView {
    /// The Match's result.
    pub result: MatchResult,
    /// The six-sided die.
    pub roll: u8,
    /// Modifiers added to it.
    pub modifier: i32,
    /// The consequence it gives.
    pub consequence: Consequence,
    /// Who may Train or take the Temporary tokens (empty: nobody chooses).
    pub receivers: Vec<usize>,
    /// The Injury rolls.
    pub injuries: Vec<InjuryView>,
    /// Injury tokens the club may still ignore.
    pub prevented: u8,
    /// Fan Base spent on rerolls after this Match.
    pub rerolls: u8,
}

/// One Injury roll of a Match consequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InjuryView {
    /// The twelve-sided die (12: the icon, any number 12 or more).
    pub number: u8,
    /// Injury tokens it places.
    pub tokens: u8,
    /// The Players it may hurt, in line-up order (empty: nobody).
    pub eligible: Vec<usize>,
}

impl ConsequenceView {
    /// The answers a careful manager gives: good news (Training, by
    /// `trained(i)`, the Strength of Player `i`'s Trained side; Temporary
    /// Strength) for the strongest Player, bad news (Temporary Weakness,
    /// an Injury) for the weakest, the first of equals; `None` where there
    /// is no choice. `players` are the club's, as on view.
    pub fn suggested(
        &self,
        players: &[PlayerView],
        trained: impl Fn(usize) -> u32,
    ) -> ConsequencePicks {
        let strength = |i: usize| players.get(i).map_or(0, |p| p.strength);
        let strongest = |of: &[usize], by: &dyn Fn(usize) -> u32| {
            of.iter().copied().rev().max_by_key(|&i| by(i))
        };
        let weakest = |of: &[usize]| of.iter().copied().min_by_key(|&i| strength(i));
        let receiver = if self.receivers.len() > 1 {
            match self.consequence {
                Consequence::Training => strongest(&self.receivers, &trained),
                Consequence::TemporaryStrength(_) => strongest(&self.receivers, &strength),
                _ => weakest(&self.receivers),
            }
        } else {
            None
        };
        let mut injured: Vec<Option<usize>> = self
            .injuries
            .iter()
            .map(|r| {
                if r.eligible.len() > 1 {
                    weakest(&r.eligible)
                } else {
                    None
                }
            })
            .collect();
        while injured.last() == Some(&None) {
            injured.pop();
        }
        ConsequencePicks { receiver, injured }
    }

    /// The consequence of `p` as its club sees it.
    pub fn of(p: &super::club::PendingMatch) -> ConsequenceView {
        let played = p.setup.played();
        ConsequenceView {
            result: p.report.result,
            roll: p.roll.roll,
            modifier: p.roll.modifier,
            consequence: p.roll.consequence,
            receivers: p.roll.receivers(&played, |i| p.setup.untrained(i)),
            injuries: p
                .roll
                .injuries
                .iter()
                .enumerate()
                .map(|(k, &(number, tokens))| InjuryView {
                    number,
                    tokens,
                    eligible: p.roll.injurable(k, &played),
                })
                .collect(),
            prevented: p.report.injuries_prevented_left,
            rerolls: p.rerolls,
        }
    }
}

/// A season as one seat (or a spectator) sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeasonView {
    /// Whose view (none: a spectator's, with every hidden card hidden).
    pub seat: Option<Seat>,
    /// The Week.
    pub week: u8,
    /// Where the Week is.
    pub phase: Phase,
    /// The First player.
    pub first: Seat,
    /// Seats to decide, the next first.
    pub queue: Vec<Seat>,
    /// The Player row (card ids, Untrained side up).
    pub players_row: Vec<Option<String>>,
    /// The Staff row.
    pub staff_row: Vec<Option<String>>,
    /// The Sponsor row.
    pub sponsors_row: Vec<Option<String>>,
    /// Cards left in the Player, Youngster, Staff and Sponsor decks.
    pub decks_left: [usize; 4],
    /// The League table.
    pub league: League,
    /// Every club.
    pub clubs: Vec<ClubView>,
    /// The Final Scoring, once over.
    pub scores: Option<Vec<SeasonScore>>,
    /// Who answers the question waiting, if one is ([`super::Question`]).
    #[serde(default)]
    pub asked: Option<Seat>,
    /// The question itself, for the seat it asks only (it may name cards
    /// just drawn).
    #[serde(default)]
    pub question: Option<super::Question>,
    /// The open piles and counts.
    #[serde(default)]
    pub piles: OpenPiles,
}

impl Season {
    fn club_view(&self, c: usize, club: &Club, viewer: Option<Seat>) -> ClubView {
        let decks = &self.config.decks;
        let own = viewer.is_some_and(|s| s.index() == c);
        let drafting = matches!(self.phase, Phase::Draft(_));
        let card_view = |id: String, o: &super::club::OwnedCard| CardView {
            id,
            exhausted: o.exhausted,
            suspension: o.suspension,
        };
        let next = club.opponents.last().and_then(|o| decks.opponents.get(*o));
        ClubView {
            name: club.name.clone(),
            stats: club.stats,
            res: club.res,
            vp: club.vp,
            players: club
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerView {
                    id: decks
                        .players
                        .get(p.card)
                        .map_or_else(String::new, |x| x.id.clone()),
                    side: p.side,
                    tokens: p.tokens,
                    strength: self.player_strength(c, i),
                })
                .collect(),
            staff: club
                .staff
                .iter()
                .map(|o| {
                    card_view(
                        decks
                            .staff
                            .get(o.card)
                            .map_or_else(String::new, |x| x.id.clone()),
                        o,
                    )
                })
                .collect(),
            directors: (own || !drafting).then(|| {
                club.directors
                    .iter()
                    .map(|o| {
                        card_view(
                            decks
                                .directors
                                .get(o.card)
                                .map_or_else(String::new, |x| x.id.clone()),
                            o,
                        )
                    })
                    .collect()
            }),
            director_hand: own.then(|| {
                club.director_hand
                    .iter()
                    .filter_map(|d| decks.directors.get(*d).map(|x| x.id.clone()))
                    .collect()
            }),
            sponsors: club
                .sponsors
                .iter()
                .map(|s| SponsorView {
                    id: (own || s.contract != Contract::Kit).then(|| {
                        decks
                            .sponsors
                            .get(s.card)
                            .map_or_else(String::new, |x| x.id.clone())
                    }),
                    contract: s.contract,
                })
                .collect(),
            built: club.built.clone(),
            office: club.office,
            tactics: own.then(|| {
                club.tactics
                    .iter()
                    .filter_map(|t| decks.tactics.get(*t).map(|x| x.id.clone()))
                    .collect()
            }),
            tactic_count: club.tactics.len(),
            objective: (own || club.objective_revealed)
                .then(|| {
                    club.objective
                        .and_then(|o| decks.objectives.get(o))
                        .map(|x| x.id.clone())
                })
                .flatten(),
            objective_offer: own.then(|| {
                club.objective_offer
                    .iter()
                    .filter_map(|o| decks.objectives.get(*o).map(|x| x.id.clone()))
                    .collect()
            }),
            next_opponent: next.map(|o| o.club.clone()),
            next_formation: next.map(|o| o.formation.clone()),
            opponents_left: club.opponents.len(),
            board: club.board.clone(),
            // Face-down Directors must not show through what they change.
            maintenance_due: self.maintenance_due_with(c, own || !drafting),
            paid_action_cost: self.paid_action_cost_with(c, own || !drafting),
            basic_used: club.basic_used,
            paid_used: club.paid_used,
            pending: club.pending.as_ref().map(|p| {
                (
                    p.report.own,
                    p.report.opponent,
                    format!("{:?}", p.roll.consequence),
                )
            }),
            record: (club.wins, club.goals_for, club.clean_sheets),
            jerseys: club.jerseys.clone(),
            consequence: club.pending.as_deref().map(ConsequenceView::of),
            ledger: ClubLedger {
                experience: club
                    .players
                    .iter()
                    .map(|p| p.experience_filled.clone())
                    .collect(),
                sponsor_gains: club
                    .sponsors
                    .iter()
                    .map(|s| (s.gained, s.rules.clone()))
                    .collect(),
                directors_kept: club.directors.len(),
                director_hand: club.director_hand.len(),
                objective_offer: club.objective_offer.len(),
                objective_kept: club.objective.is_some(),
                objective_revealed: club.objective_revealed,
                objective_vp: club.objective_vp,
                modifiers: club.modifiers.clone(),
                board_match: club.board_match.clone(),
                reminders: club.reminders,
                matches: club.matches.clone(),
                pending: club.pending.clone(),
                wiped: club.wiped,
            },
        }
    }

    /// The open piles and counts.
    fn open_piles(&self) -> OpenPiles {
        let (a, d) = (&self.area, &self.decks);
        OpenPiles {
            turns: self.turns,
            player_discard: a.player_deck.discard.clone(),
            youngster_discard: a.youngsters.discard.clone(),
            veteran_discard: a.veterans.discard.clone(),
            staff_discard: a.staff_deck.discard.clone(),
            sponsor_discard: a.sponsor_deck.discard.clone(),
            tactic_discard: d.tactics.discard.clone(),
            board_discard: d.board.discard.clone(),
            opponents_played: d.opponents_played.clone(),
            veteran_deck: a.veterans.deck.len(),
            board_deck: d.board.deck.len(),
            tactic_deck: d.tactics.deck.len(),
            objective_deck: d.objectives.deck.len(),
            objective_discard: d.objectives.discard.len(),
            director_deck: d.directors.len(),
        }
    }

    /// What `seat` may see (`None`: a spectator).
    pub fn view_for(&self, seat: Option<Seat>) -> SeasonView {
        let decks = &self.config.decks;
        let ids = |row: &[Option<usize>],
                   f: &dyn Fn(usize) -> Option<String>|
         -> Vec<Option<String>> { row.iter().map(|c| c.and_then(f)).collect() };
        SeasonView {
            seat,
            week: self.week,
            phase: self.phase,
            first: self.first,
            queue: self.queue.clone(),
            players_row: ids(&self.area.players, &|c| {
                decks.players.get(c).map(|x| x.id.clone())
            }),
            staff_row: ids(&self.area.staff, &|c| {
                decks.staff.get(c).map(|x| x.id.clone())
            }),
            sponsors_row: ids(&self.area.sponsors, &|c| {
                decks.sponsors.get(c).map(|x| x.id.clone())
            }),
            decks_left: [
                self.area.player_deck.len(),
                self.area.youngsters.len(),
                self.area.staff_deck.len(),
                self.area.sponsor_deck.len(),
            ],
            league: self.league.clone(),
            clubs: self
                .clubs
                .iter()
                .enumerate()
                .map(|(c, club)| self.club_view(c, club, seat))
                .collect(),
            scores: self.scores.clone(),
            asked: self.question_seat(),
            question: self
                .question
                .as_ref()
                .filter(|q| seat.is_some_and(|s| s.index() == q.club))
                .map(|q| (**q).clone()),
            piles: self.open_piles(),
        }
    }
}

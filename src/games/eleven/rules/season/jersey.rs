//! A club's 13 Jersey markers between Matches: which side each shows and
//! which 10 stand on the Pitch (the other 3 wait on the Bench Area).
//!
//! The rulebook's sentences this follows (Setup, Hiring, Preparing for
//! the Match): the 10 markers start on the Pitch flipped to the starting
//! Player cards' Tasks, the remaining lowest numbers on the defence side
//! so that 5 defend and 5 attack; a hired or Trained Player flips its
//! marker to its Task and, if that marker was on the Bench, swaps it with
//! a marker without a Player card; a marker without an assigned Player
//! keeps its side in a Match ("you cannot flip the Jersey markers")
//! unless an effect flips it; a card sharing its number with another
//! flips the marker to its own Task when assigned. Pure: no files, clocks
//! or threads.

use crate::games::eleven::matchday::Lineup;
use crate::games::eleven::vocab::{Line, Side, Task};
use serde::{Deserialize, Serialize};

/// Markers: indexes 0-9 are the printed numbers 2-11, 10-12 the three
/// unnumbered markers.
pub const MARKERS: usize = 13;
/// The first unnumbered marker's index.
const FIRST_BLANK: usize = 10;

/// What a club's Player card tells its Jersey marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JerseyCard {
    /// The card (an index into the Player cards).
    pub card: usize,
    /// The side of the card face up.
    pub side: Side,
    /// The printed marker it uses (2-11), or none for an unnumbered one.
    pub printed: Option<u8>,
    /// Its Task (a Goalkeeper has no marker).
    pub task: Task,
}

/// The side and place of every Jersey marker of one club.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jerseys {
    /// The side face up: markers numbered 2-11, then the three unnumbered.
    pub sides: [Task; MARKERS],
    /// Whether the marker stands on the Pitch (10 do) or on the Bench.
    pub pitch: [bool; MARKERS],
    /// The Player cards (card and side) the markers already follow, so a
    /// card new to the club or newly Trained flips its marker once.
    pub seen: Vec<(usize, Side)>,
}

/// The marker index of a printed number 2-11.
pub fn index_of(number: u8) -> Option<usize> {
    (2..=11).contains(&number).then(|| usize::from(number - 2))
}

/// A marker's name for messages: "#7" or "an unnumbered marker".
pub fn marker_name(i: usize) -> String {
    if i < FIRST_BLANK {
        format!("Jersey marker #{}", i + 2)
    } else {
        "an unnumbered Jersey marker".into()
    }
}

fn side_word(t: Task) -> &'static str {
    match t {
        Task::Attack => "attack",
        Task::Defence => "defence",
        Task::Goalkeeper => "goalkeeper",
    }
}

fn other(t: Task) -> Task {
    if t == Task::Attack {
        Task::Defence
    } else {
        Task::Attack
    }
}

impl Jerseys {
    /// The markers at setup for the starting Player cards: the 10
    /// numbered markers on the Pitch, attack side up, each card's marker
    /// flipped to its Task (a card without a printed marker brings an
    /// unnumbered one in for the highest number without a card), then
    /// the lowest numbers without a card flipped to defence until 5
    /// defend. The unused unnumbered markers wait on the Bench, defence
    /// then attack side up.
    pub fn kick_off(cards: &[JerseyCard]) -> Jerseys {
        let mut j = Jerseys {
            sides: [Task::Attack; MARKERS],
            pitch: [false; MARKERS],
            seen: cards.iter().map(|k| (k.card, k.side)).collect(),
        };
        for p in j.pitch.iter_mut().take(FIRST_BLANK) {
            *p = true;
        }
        let mut carded = [false; MARKERS];
        let mut blank = FIRST_BLANK;
        for k in cards.iter().filter(|k| k.task != Task::Goalkeeper) {
            match k.printed.and_then(index_of) {
                Some(i) => {
                    j.sides[i] = k.task;
                    carded[i] = true;
                }
                None if blank < MARKERS => {
                    j.sides[blank] = k.task;
                    j.pitch[blank] = true;
                    carded[blank] = true;
                    blank += 1;
                }
                None => {}
            }
        }
        // Make room for the unnumbered markers brought in.
        let mut over = j.pitch.iter().filter(|p| **p).count().saturating_sub(10);
        for i in (0..FIRST_BLANK).rev() {
            if over > 0 && j.pitch[i] && !carded[i] {
                j.pitch[i] = false;
                over -= 1;
            }
        }
        let mut defending = (0..MARKERS)
            .filter(|&i| j.pitch[i] && j.sides[i] == Task::Defence)
            .count();
        let lowest: Vec<usize> = (0..FIRST_BLANK)
            .filter(|&i| j.pitch[i] && !carded[i])
            .collect();
        for i in lowest {
            if defending < 5 {
                j.sides[i] = Task::Defence;
                defending += 1;
            }
        }
        let mut next = Task::Defence;
        for i in blank..MARKERS {
            j.sides[i] = next;
            next = other(next);
        }
        j
    }

    /// Markers standing on the Pitch.
    pub fn on_pitch(&self) -> impl Iterator<Item = usize> + '_ {
        (0..MARKERS).filter(|&i| self.pitch[i])
    }

    /// Markers without a Player card of the club: numbers no card
    /// prints, and the unnumbered markers beyond those the club's
    /// unnumbered cards need.
    fn without_card(&self, cards: &[JerseyCard]) -> [bool; MARKERS] {
        let mut free = [true; MARKERS];
        let mut unnumbered = 0;
        for k in cards.iter().filter(|k| k.task != Task::Goalkeeper) {
            match k.printed.and_then(index_of) {
                Some(i) => free[i] = false,
                None => unnumbered += 1,
            }
        }
        // The unnumbered cards own the unnumbered markers showing their
        // Tasks first.
        let mut needs: Vec<Task> = cards
            .iter()
            .filter(|k| k.task != Task::Goalkeeper && k.printed.and_then(index_of).is_none())
            .map(|k| k.task)
            .collect();
        for (i, f) in free.iter_mut().enumerate().skip(FIRST_BLANK) {
            if let Some(n) = needs.iter().position(|t| *t == self.sides[i]) {
                needs.remove(n);
                *f = false;
                unnumbered -= 1;
            }
        }
        for f in free.iter_mut().skip(FIRST_BLANK) {
            if unnumbered > 0 && *f {
                *f = false;
                unnumbered -= 1;
            }
        }
        free
    }

    /// Brings marker `i` from the Bench onto the Pitch, swapped with a
    /// marker without a Player card (the highest number first).
    fn bring_in(&mut self, i: usize, cards: &[JerseyCard]) {
        if self.pitch[i] {
            return;
        }
        let free = self.without_card(cards);
        let out = (0..MARKERS)
            .rev()
            .find(|&k| k != i && self.pitch[k] && free[k])
            .or_else(|| (0..MARKERS).rev().find(|&k| k != i && self.pitch[k]));
        if let Some(k) = out {
            self.pitch[k] = false;
        }
        self.pitch[i] = true;
    }

    /// Follows the club's Player cards: a card new to the club or newly
    /// Trained flips its marker to its Task and brings it onto the Pitch
    /// (an unnumbered card flips an unnumbered marker only when fewer of
    /// them show its Task than the club's unnumbered cards with it).
    pub fn follow(&mut self, cards: &[JerseyCard]) {
        for k in cards {
            if self.seen.contains(&(k.card, k.side)) || k.task == Task::Goalkeeper {
                continue;
            }
            match k.printed.and_then(index_of) {
                Some(i) => {
                    self.sides[i] = k.task;
                    self.bring_in(i, cards);
                }
                None => {
                    let want = cards
                        .iter()
                        .filter(|x| x.printed.and_then(index_of).is_none() && x.task == k.task)
                        .count();
                    let showing = (FIRST_BLANK..MARKERS)
                        .filter(|&i| self.sides[i] == k.task)
                        .count();
                    if showing < want {
                        // Flip one showing the other Task, one that no
                        // unnumbered card of that Task needs if possible.
                        let flip = (FIRST_BLANK..MARKERS)
                            .filter(|&i| self.sides[i] != k.task)
                            .min_by_key(|&i| !self.pitch[i]);
                        if let Some(i) = flip {
                            self.sides[i] = k.task;
                        }
                    }
                    let on =
                        (FIRST_BLANK..MARKERS).any(|i| self.pitch[i] && self.sides[i] == k.task);
                    if !on
                        && let Some(i) = (FIRST_BLANK..MARKERS).find(|&i| self.sides[i] == k.task)
                    {
                        self.bring_in(i, cards);
                    }
                }
            }
        }
        self.seen = cards.iter().map(|k| (k.card, k.side)).collect();
    }

    /// Which marker each of the line-up's markers is, or why the line-up
    /// does not fit the markers: a marker without an assigned Player card
    /// must stand on the Pitch showing the Task it plays (a marker with
    /// one may come from the Bench and turns to the card's Task).
    pub fn resolve(&self, lineup: &Lineup) -> Result<Vec<usize>, String> {
        let mut ids: Vec<Option<usize>> = vec![None; lineup.markers.len()];
        let mut blanks: Vec<usize> = Vec::new();
        for (n, m) in lineup.markers.iter().enumerate() {
            match m.jersey {
                Some(number) => {
                    let i = index_of(number)
                        .ok_or_else(|| format!("there is no Jersey marker #{number}"))?;
                    if m.player.is_none() {
                        if !self.pitch[i] {
                            return Err(format!(
                                "{} is on the Bench: only a Player's own marker comes in from there",
                                marker_name(i)
                            ));
                        }
                        if self.sides[i] != m.task {
                            return Err(format!(
                                "{} shows {} and cannot be flipped without an effect",
                                marker_name(i),
                                side_word(self.sides[i])
                            ));
                        }
                    }
                    ids[n] = Some(i);
                }
                None => blanks.push(n),
            }
        }
        if blanks.len() > MARKERS - FIRST_BLANK {
            return Err("a club has 3 unnumbered Jersey markers".into());
        }
        // The unnumbered markers: the assignment that flips fewest.
        let mut best: Option<(usize, Vec<usize>)> = None;
        let mut pick = Vec::new();
        self.assign_blanks(lineup, &blanks, &mut pick, &mut best);
        let Some((_, chosen)) = best else {
            let want: Vec<&str> = blanks
                .iter()
                .filter_map(|&n| lineup.markers.get(n))
                .filter(|m| m.player.is_none())
                .map(|m| side_word(m.task))
                .collect();
            return Err(format!(
                "the unnumbered Jersey markers on the Pitch cannot show {} without an effect",
                want.join(" and ")
            ));
        };
        for (&n, &i) in blanks.iter().zip(&chosen) {
            ids[n] = Some(i);
        }
        Ok(ids.into_iter().flatten().collect())
    }

    fn assign_blanks(
        &self,
        lineup: &Lineup,
        blanks: &[usize],
        pick: &mut Vec<usize>,
        best: &mut Option<(usize, Vec<usize>)>,
    ) {
        if pick.len() == blanks.len() {
            let mut cost = 0;
            for (&n, &i) in blanks.iter().zip(pick.iter()) {
                let Some(m) = lineup.markers.get(n) else {
                    return;
                };
                cost += usize::from(self.sides[i] != m.task) + usize::from(!self.pitch[i]);
            }
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                *best = Some((cost, pick.clone()));
            }
            return;
        }
        let Some(m) = blanks.get(pick.len()).and_then(|&n| lineup.markers.get(n)) else {
            return;
        };
        for i in FIRST_BLANK..MARKERS {
            if pick.contains(&i) {
                continue;
            }
            if m.player.is_none() && (!self.pitch[i] || self.sides[i] != m.task) {
                continue;
            }
            pick.push(i);
            self.assign_blanks(lineup, blanks, pick, best);
            pick.pop();
        }
    }

    /// Relabels the line-up's markers without a Player card with markers
    /// on the Pitch as they lie (defence sides to the defence line,
    /// attack sides up front where it can), keeping every Zone and every
    /// assigned card. `None` if the Pitch cannot fill them.
    pub fn fit(&self, lineup: &Lineup) -> Option<Lineup> {
        let mut used = [false; MARKERS];
        // Assigned cards take their markers first.
        let mut open: Vec<usize> = Vec::new();
        for (n, m) in lineup.markers.iter().enumerate() {
            if m.player.is_none() {
                open.push(n);
                continue;
            }
            match m.jersey {
                Some(number) => used[index_of(number)?] = true,
                None => {
                    let i = (FIRST_BLANK..MARKERS)
                        .filter(|&i| !used[i])
                        .min_by_key(|&i| (self.sides[i] != m.task, self.pitch[i]))?;
                    used[i] = true;
                }
            }
        }
        let mut pool: Vec<usize> = self.on_pitch().filter(|&i| !used[i]).collect();
        let mut out = lineup.clone();
        let wish = |n: usize| match lineup.markers.get(n).and_then(|m| m.zone.line()) {
            Some(Line::Defence) => Some(Task::Defence),
            Some(Line::Forward) => Some(Task::Attack),
            _ => None,
        };
        let mut unfilled = Vec::new();
        for &n in &open {
            let take = wish(n).and_then(|t| pool.iter().position(|&i| self.sides[i] == t));
            match take {
                Some(p) => {
                    let i = pool.remove(p);
                    Self::label(&mut out, n, i, self.sides[i]);
                }
                None => unfilled.push(n),
            }
        }
        for n in unfilled {
            if pool.is_empty() {
                return None;
            }
            let i = pool.remove(0);
            Self::label(&mut out, n, i, self.sides[i]);
        }
        Some(out)
    }

    fn label(out: &mut Lineup, n: usize, i: usize, side: Task) {
        if let Some(m) = out.markers.get_mut(n) {
            m.jersey = (i < FIRST_BLANK).then_some(i as u8 + 2);
            m.task = side;
        }
    }

    /// After a Match: the markers played stand on the Pitch showing the
    /// Tasks they played (`ids` from [`Jerseys::resolve`]); the others go
    /// to the Bench as they lie.
    pub fn after_match(&mut self, lineup: &Lineup, ids: &[usize]) {
        if ids.len() != 10 {
            return;
        }
        self.pitch = [false; MARKERS];
        for (m, &i) in lineup.markers.iter().zip(ids) {
            if let Some(s) = self.sides.get_mut(i) {
                *s = m.task;
            }
            if let Some(p) = self.pitch.get_mut(i) {
                *p = true;
            }
        }
    }

    /// Flips up to `count` markers on the Pitch without a Player card,
    /// each to the side fewer markers show (the lowest numbers first);
    /// returns how many turned.
    pub fn flip_free(&mut self, count: u8, cards: &[JerseyCard]) -> u8 {
        let free = self.without_card(cards);
        let mut done: Vec<usize> = Vec::new();
        for _ in 0..count {
            let attacking = self
                .on_pitch()
                .filter(|&i| self.sides[i] == Task::Attack)
                .count();
            let from = if attacking * 2 > 10 {
                Task::Attack
            } else {
                Task::Defence
            };
            let Some(i) = self
                .on_pitch()
                .find(|&i| free[i] && !done.contains(&i) && self.sides[i] == from)
                .or_else(|| self.on_pitch().find(|&i| free[i] && !done.contains(&i)))
            else {
                break;
            };
            self.sides[i] = other(self.sides[i]);
            done.push(i);
        }
        done.len() as u8
    }

    /// Markers on the Pitch showing attack and defence.
    pub fn split(&self) -> (usize, usize) {
        let attack = self
            .on_pitch()
            .filter(|&i| self.sides[i] == Task::Attack)
            .count();
        (attack, self.on_pitch().count() - attack)
    }

    /// The markers in words, as season scenarios write them: `pitch`,
    /// the markers on the Pitch, `bench`, the others; each its number
    /// (`-` an unnumbered one) and the side up (`A` attack, `D`
    /// defence): `pitch 2D 3D 4D 5D 6D 7A 8A 9A 10A -A bench 11A -D -A`.
    pub fn notation(&self) -> String {
        let mark = |i: usize| {
            let number = if i < FIRST_BLANK {
                (i + 2).to_string()
            } else {
                "-".to_string()
            };
            let side = if self.sides[i] == Task::Defence {
                "D"
            } else {
                "A"
            };
            format!("{number}{side}")
        };
        let pitch: Vec<String> = (0..MARKERS).filter(|&i| self.pitch[i]).map(mark).collect();
        let bench: Vec<String> = (0..MARKERS).filter(|&i| !self.pitch[i]).map(mark).collect();
        format!("pitch {} bench {}", pitch.join(" "), bench.join(" "))
            .trim_end()
            .to_string()
    }

    /// Reads [`Jerseys::notation`]: each numbered marker once, the three
    /// unnumbered ones, 10 on the Pitch. `seen` is what the markers
    /// already follow.
    pub fn from_notation(text: &str, seen: Vec<(usize, Side)>) -> Result<Jerseys, String> {
        let mut sides = [Task::Attack; MARKERS];
        let mut pitch = [false; MARKERS];
        let mut placed = [false; MARKERS];
        let mut on_pitch = None;
        let mut blank = FIRST_BLANK;
        for word in text.split_whitespace() {
            match word {
                "pitch" => on_pitch = Some(true),
                "bench" => on_pitch = Some(false),
                _ => {
                    let Some(here) = on_pitch else {
                        return Err(format!("`{word}`: start with `pitch`"));
                    };
                    let (number, side) = word.split_at(word.len().saturating_sub(1));
                    let side = match side {
                        "A" => Task::Attack,
                        "D" => Task::Defence,
                        _ => return Err(format!("`{word}`: a marker ends in A or D")),
                    };
                    let i = if number == "-" {
                        blank += 1;
                        blank - 1
                    } else {
                        number
                            .parse::<u8>()
                            .ok()
                            .and_then(index_of)
                            .ok_or_else(|| format!("`{word}`: markers are numbered 2-11 or `-`"))?
                    };
                    if i >= MARKERS {
                        return Err("there are three unnumbered markers".into());
                    }
                    if placed[i] {
                        return Err(format!("`{word}`: {} twice", marker_name(i)));
                    }
                    placed[i] = true;
                    sides[i] = side;
                    pitch[i] = here;
                }
            }
        }
        if let Some(i) = placed.iter().position(|p| !p) {
            return Err(format!("{} is missing", marker_name(i)));
        }
        let n = pitch.iter().filter(|p| **p).count();
        if n != 10 {
            return Err(format!("{n} markers on the Pitch: 10 stand there"));
        }
        Ok(Jerseys { sides, pitch, seen })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_reads_back_and_names_what_is_wrong() {
        let text = "pitch 2D 3D 4D 5D 6D 7A 8A 9A 10A -A bench 11A -D -A";
        let j = Jerseys::from_notation(text, Vec::new()).expect("a whole set");
        assert_eq!(j.notation(), text);
        assert_eq!(j.split(), (5, 5));
        assert!(!j.pitch[index_of(11).expect("#11")]);
        for (bad, why) in [
            ("pitch 2D 3D", "missing"),
            ("2D", "start with"),
            ("pitch 2D 2A", "twice"),
            ("pitch 12A", "numbered 2-11"),
            ("pitch 2X", "A or D"),
            ("pitch -A -A -A -A", "three unnumbered"),
            (
                "pitch 2D 3D 4D 5D 6D 7A 8A 9A 10A 11A -A bench -D -A",
                "11 markers on the Pitch",
            ),
        ] {
            let e = Jerseys::from_notation(bad, Vec::new()).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
        }
    }
    use crate::engine::Game as _;
    use crate::engine::Seat;
    use crate::games::eleven::deck::ElevenDecks;
    use crate::games::eleven::rules::season::{Action, MatchPlan, Phase, Season, SeasonConfig};
    use std::sync::Arc;

    const fn card(card: usize, side: Side, printed: Option<u8>, task: Task) -> JerseyCard {
        JerseyCard {
            card,
            side,
            printed,
            task,
        }
    }

    /// The rulebook's setup example: "Your starting Player cards contain a
    /// Veteran Midfielder (#6 Jersey, ⚽) and a Youngster Forward
    /// (unnumbered, 🛡️). You must place the Jersey marker #6 with a ⚽
    /// faceup and an unnumbered Jersey marker with a 🛡️ on the Pitch."
    /// Then "flip the remaining lowest numbered Jersey markers ... so you
    /// will have exactly 5 and 5".
    fn example() -> Jerseys {
        Jerseys::kick_off(&[
            card(100, Side::Untrained, Some(6), Task::Attack),
            card(101, Side::Untrained, None, Task::Defence),
        ])
    }

    #[test]
    fn setup_places_the_starting_cards_markers_and_splits_five_five() {
        let j = example();
        let six = index_of(6).expect("a marker");
        assert!(j.pitch[six]);
        assert_eq!(j.sides[six], Task::Attack);
        assert!(j.pitch[FIRST_BLANK]);
        assert_eq!(j.sides[FIRST_BLANK], Task::Defence);
        assert_eq!(j.on_pitch().count(), 10);
        assert_eq!(j.split(), (5, 5));
        // The lowest numbers without a card defend: #2-#5 (and the
        // Youngster's marker); #11 made room for the unnumbered one.
        for n in 2..=5 {
            assert_eq!(j.sides[index_of(n).expect("n")], Task::Defence, "#{n}");
        }
        for n in 7..=10 {
            assert_eq!(j.sides[index_of(n).expect("n")], Task::Attack, "#{n}");
        }
        assert!(!j.pitch[index_of(11).expect("11")]);
        assert_eq!(j.on_pitch().filter(|&i| i >= FIRST_BLANK).count(), 1);
    }

    /// "When Hiring a Player, you must flip (if necessary) the
    /// corresponding Jersey marker, so it shows the same Task icon as your
    /// new card"; "If you hire a Player whose Jersey marker was on a
    /// bench, swap it (and flip if necessary) with a Jersey marker
    /// without a corresponding Player card." Training a Youngster flips
    /// the marker of its Trained number.
    #[test]
    fn hiring_and_training_flip_the_cards_marker_onto_the_pitch() {
        let mut j = example();
        let mut cards = vec![
            card(100, Side::Untrained, Some(6), Task::Attack),
            card(101, Side::Untrained, None, Task::Defence),
            card(102, Side::Untrained, Some(11), Task::Defence),
        ];
        j.follow(&cards);
        let eleven = index_of(11).expect("11");
        assert!(j.pitch[eleven]);
        assert_eq!(j.sides[eleven], Task::Defence);
        // The highest marker without a card went to the Bench.
        assert!(!j.pitch[index_of(10).expect("10")]);
        assert_eq!(j.on_pitch().count(), 10);
        // A hired #3 attacker flips #3, already on the Pitch.
        cards.push(card(103, Side::Untrained, Some(3), Task::Attack));
        j.follow(&cards);
        assert_eq!(j.sides[index_of(3).expect("3")], Task::Attack);
        // The Youngster is Trained into a #9 defender.
        cards[1] = card(101, Side::Trained, Some(9), Task::Defence);
        j.follow(&cards);
        assert_eq!(j.sides[index_of(9).expect("9")], Task::Defence);
        assert_eq!(j.on_pitch().count(), 10);
        // Nothing else turns when nothing is new.
        let before = j.clone();
        j.follow(&cards);
        assert_eq!(j, before);
    }

    #[test]
    fn an_effect_flips_only_markers_without_a_card() {
        let mut j = example();
        let cards = [
            card(100, Side::Untrained, Some(6), Task::Attack),
            card(101, Side::Untrained, None, Task::Defence),
        ];
        let before = j.clone();
        assert_eq!(j.flip_free(2, &cards), 2);
        let changed: Vec<usize> = (0..MARKERS)
            .filter(|&i| j.sides[i] != before.sides[i])
            .collect();
        assert_eq!(changed.len(), 2);
        assert!(!changed.contains(&index_of(6).expect("6")));
        assert!(!changed.contains(&FIRST_BLANK));
    }

    fn tuesday() -> Season {
        let d = Arc::new(ElevenDecks::default_decks().expect("the embedded decks load"));
        let config = SeasonConfig::new(d, 1, 2);
        let mut s = Season::new(&config, 5).expect("setup");
        while !matches!(s.phase, Phase::Day(0)) {
            let seat = *s.queue.first().expect("someone decides");
            let a = match s.phase {
                Phase::Draft(_) => Action::Draft(0),
                Phase::Objective => Action::KeepObjective(0),
                _ => Action::AcceptBoard { picks: Vec::new() },
            };
            s.act(seat, &a, &mut Vec::new()).expect("legal");
        }
        for _ in 0..3 {
            s.act(Seat(0), &Action::EndTurn, &mut Vec::new())
                .expect("pass");
        }
        s
    }

    /// "You cannot move the Jersey markers ... Remember, you cannot flip
    /// the Jersey markers": in a season Match a marker without a Player
    /// card plays the side it shows, and after the Match the markers
    /// stay as they stood.
    #[test]
    fn a_season_match_plays_the_markers_as_they_lie_and_keeps_them() {
        let mut s = tuesday();
        let plans = s.suggested_plans(0);
        assert!(!plans.is_empty());
        let j = s.clubs[0].jerseys.clone().expect("kept");
        for plan in &plans {
            assert!(j.resolve(&plan.lineup).is_ok(), "{plan:?}");
        }
        let plan = plans[0].clone();
        // The same plan with a card-less numbered marker flipped is refused.
        let mut flipped = plan.clone();
        let k = flipped
            .lineup
            .markers
            .iter()
            .position(|m| m.player.is_none() && m.jersey.is_some())
            .expect("a marker without a card");
        flipped.lineup.markers[k].task = other(flipped.lineup.markers[k].task);
        let err = s
            .check(Seat(0), &Action::PlayMatch(Box::new(flipped.clone())))
            .expect_err("a flip without an effect");
        assert!(err.to_string().contains("cannot be flipped"), "{err}");
        assert!(
            s.act(
                Seat(0),
                &Action::PlayMatch(Box::new(flipped)),
                &mut Vec::new()
            )
            .is_err()
        );
        s.act(
            Seat(0),
            &Action::PlayMatch(Box::new(plan.clone())),
            &mut Vec::new(),
        )
        .expect("the suggested plan plays");
        let after = s.clubs[0].jerseys.clone().expect("kept");
        let ids = j.resolve(&plan.lineup).expect("fits");
        for (m, i) in plan.lineup.markers.iter().zip(ids) {
            assert!(after.pitch[i]);
            assert_eq!(after.sides[i], m.task);
        }
        assert_eq!(after.on_pitch().count(), 10);
    }

    /// A save from before the markers were kept loads without them, and
    /// its Matches take either side as before.
    #[test]
    fn old_saves_load_without_markers() {
        let s = tuesday();
        let mut json = serde_json::to_value(&s.clubs[0]).expect("serialises");
        json.as_object_mut().expect("an object").remove("jerseys");
        let club: crate::games::eleven::rules::season::Club =
            serde_json::from_value(json).expect("loads");
        assert!(club.jerseys.is_none());
        let mut s = s;
        s.clubs[0].jerseys = None;
        let mut plan = s.suggested_plans(0).remove(0);
        let k = plan
            .lineup
            .markers
            .iter()
            .position(|m| m.player.is_none())
            .expect("a marker without a card");
        plan.lineup.markers[k].task = other(plan.lineup.markers[k].task);
        assert!(s.check(Seat(0), &Action::PlayMatch(Box::new(plan))).is_ok());
    }

    fn commentary(events: &[crate::games::eleven::rules::season::Event]) -> Vec<String> {
        events
            .iter()
            .find_map(|e| match e {
                crate::games::eleven::rules::season::Event::Match { commentary, .. } => {
                    Some(commentary.clone())
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Samir Haddad, Wing-Back, #3, plays Left Defence or Left Midfield:
    /// "DURING THE MATCH: Move 1 Jersey marker to an adjacent Zone" for
    /// Fitness. In a season Match his paid effect moves the marker the plan
    /// names (one step, within the Zone limits and his card's Zones), or
    /// without a choice the one the engine finds best; a move breaking a
    /// rule is refused with the reason, as is a move for a card whose
    /// effect is not in the Match.
    #[test]
    fn a_paid_move_jersey_moves_a_marker_in_a_season_match() {
        use crate::games::eleven::matchday::{JerseyMove, Marker, check_jersey_move};
        use crate::games::eleven::rules::season::club::OwnedPlayer;
        use crate::games::eleven::vocab::Zone;
        let mut s = tuesday();
        let card = s
            .config
            .decks
            .players
            .iter()
            .position(|p| p.id == "player-10")
            .expect("Samir Haddad");
        s.clubs[0].players.push(OwnedPlayer {
            card,
            side: Side::Untrained,
            tokens: Default::default(),
            experience_filled: Vec::new(),
        });
        s.clubs[0].res[3] = 12;
        let i = s.clubs[0].players.len() - 1;
        let mut plan = s.suggested_plans(0).remove(0);
        for m in plan.lineup.markers.iter_mut() {
            if m.jersey == Some(3) {
                m.player = None;
            }
        }
        let ld = plan
            .lineup
            .markers
            .iter()
            .position(|m| m.zone == Zone::LeftDefence)
            .expect("a Left Defence marker");
        plan.lineup.markers[ld] = Marker {
            jersey: Some(3),
            task: Task::Defence,
            zone: Zone::LeftDefence,
            player: Some(i),
        };
        plan.lineup = s.fit_jerseys(0, plan.lineup);
        plan.lineup.paid = vec![i];
        plan.rerolls.clear();
        assert!(
            s.check(Seat(0), &Action::PlayMatch(Box::new(plan.clone())))
                .is_ok()
        );
        assert_eq!(s.match_movers(0, &plan), vec![("player-10".to_string(), 1)]);
        let with = |moves: Vec<JerseyMove>| {
            let mut p = plan.clone();
            p.moves.insert("player-10".into(), moves);
            p
        };
        let refused = |p: MatchPlan| {
            s.check(Seat(0), &Action::PlayMatch(Box::new(p)))
                .expect_err("refused")
                .to_string()
        };
        // Not on his card; two markers for an effect that moves one.
        let to_cd = JerseyMove {
            marker: ld,
            to: Zone::CentralDefence,
        };
        assert!(refused(with(vec![to_cd])).contains("does not show central defence"));
        assert!(refused(with(vec![to_cd, to_cd])).contains("moves at most 1 Jersey marker"));
        // Unpaid, the effect is not in the Match.
        let mut unpaid = with(vec![to_cd]);
        unpaid.lineup.paid.clear();
        assert!(s.match_movers(0, &unpaid).is_empty());
        assert!(refused(unpaid).contains("moves no Jersey marker"));
        // A legal move is played and told.
        let setup = s.match_setup(0, &plan).expect("a setup");
        let mv = (0..10)
            .flat_map(|marker| Zone::PITCH.map(|to| JerseyMove { marker, to }))
            .find(|mv| check_jersey_move(&setup.squad, &setup.lineup.markers, *mv).is_ok())
            .expect("a legal move");
        let mut t = s.clone();
        let mut events = Vec::new();
        t.act(
            Seat(0),
            &Action::PlayMatch(Box::new(with(vec![mv]))),
            &mut events,
        )
        .expect("plays");
        let from = setup.lineup.markers[mv.marker].zone;
        let told = format!("moves from {from} to {}", mv.to);
        let lines = commentary(&events);
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("player-10: ") && l.ends_with(&told)),
            "{lines:?}"
        );
        // Without a choice the engine moves one marker itself.
        let mut events = Vec::new();
        s.act(
            Seat(0),
            &Action::PlayMatch(Box::new(plan.clone())),
            &mut events,
        )
        .expect("plays");
        let lines = commentary(&events);
        assert_eq!(
            lines
                .iter()
                .filter(|l| l.contains(": Jersey marker ") && l.contains(" moves from "))
                .count(),
            1,
            "{lines:?}"
        );
        // A plan without moves saves as before, and such saves load.
        let json = serde_json::to_string(&plan).expect("serialises");
        assert!(!json.contains("moves"), "{json}");
        let back: MatchPlan = serde_json::from_str(&json).expect("loads");
        assert_eq!(back, plan);
    }
}

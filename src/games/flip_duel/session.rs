//! Flip Duel at the shared table session: its bots, its events in words for
//! each reader (a card set aside for injury time is named only to its
//! owner), the spectator's view, and the constructors the table and the
//! app shell use.

use super::rules::{
    Event, FlipDuel, FlipDuelConfig, FlipDuelError, FlipDuelView, HeuristicBot, LayResult,
};
use crate::bots::{Bot, Level, RandomBot, Strength};
use crate::engine::{Game as _, Seat};
use crate::ui::session::{Manager, Narrated, NoSeries, Session, SessionError, TableGame};

/// The game key in save files (the registry id).
pub const GAME: &str = "flip-duel";

/// A Flip Duel match at the table.
pub type FlipDuelSession = Session<FlipDuel>;

/// The seat an event is about, for the log's colours: the one its line
/// names first, so the colour never says another seat than the words ("Blue
/// tackle" is Blue's line, though Red attacked).
fn about(event: &Event) -> Option<Seat> {
    match event {
        Event::Result {
            attacker,
            result: LayResult::Tackled | LayResult::Saved | LayResult::Blocked,
        } => Some(Seat(1 - attacker.0.min(1))),
        Event::SetAside { seat, .. }
        | Event::ChoiceMade { seat }
        | Event::Shuffled { seat }
        | Event::Laid { seat }
        | Event::Goal { seat, .. } => Some(*seat),
        Event::Revealed { attacker, .. }
        | Event::Result { attacker, .. }
        | Event::Flipped { attacker }
        | Event::KickOff { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

/// The first letter made capital and a full stop unless the line ends in
/// one already (`GOAL for Red!`): the engine's lines are phrases.
fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => {
            let mut line: String = c.to_uppercase().chain(chars).collect();
            if !line.ends_with(['!', '.', '?']) {
                line.push('.');
            }
            line
        }
        None => text,
    }
}

impl TableGame for FlipDuel {
    const ID: &'static str = GAME;
    // The card set travels in the state (and the save), so the log needs
    // nothing more to name cards.
    type Names = ();
    type Series = NoSeries;

    fn bot(strength: Strength, seed: u64) -> Box<dyn Bot<FlipDuel>> {
        match strength {
            Strength::Random => Box::new(RandomBot::new(seed)),
            Strength::Heuristic | Strength::Hard | Strength::Expert => {
                Box::new(HeuristicBot::new(seed))
            }
        }
    }

    fn search_bot(
        _config: &FlipDuelConfig,
        level: Level,
        seed: u64,
    ) -> Option<Box<dyn Bot<FlipDuel>>> {
        Some(Box::new(super::search::search_bot(level, seed)))
    }

    fn action_words(
        &self,
        _names: &(),
        _seats: &[String],
        _seat: Seat,
        action: &super::Action,
    ) -> String {
        let name = |id| {
            self.cards()
                .card(id)
                .map_or_else(|| "?".to_string(), |c| c.name.clone())
        };
        match action {
            super::Action::SetAside { card } => {
                format!("Set {} aside for injury time", name(*card))
            }
            super::Action::Lay => "Lay the top card of your pack".into(),
            super::Action::Play { card } => format!("Lay {}", name(*card)),
        }
    }

    fn config_seats(_config: &FlipDuelConfig) -> usize {
        super::SEATS
    }

    fn reveals_to_all(&self, event: &Event) -> bool {
        // Both laid cards turned over: with a hand (house rule), undoing
        // the lay would let the person choose again knowing the other
        // card. Without one nobody chooses a card, and undo changes nothing.
        matches!(event, Event::Revealed { .. }) && self.rules().hand > 0
    }

    fn narrate(
        &self,
        _names: &(),
        _seats: &[String],
        event: &Event,
        viewer: Option<Seat>,
    ) -> Option<Narrated> {
        // The engine's narrator names a card set aside only to its owner.
        let text = event.describe(self.cards(), viewer)?;
        Some(Narrated {
            seat: about(event),
            text: sentence(without_ids(&text)),
        })
    }

    fn opening(&self, _names: &(), seats: &[String]) -> Vec<String> {
        let team = |i: usize| {
            let name = seats.get(i).cloned().unwrap_or_default();
            format!("{name} plays {}", self.cards().team_name(i as u8))
        };
        let rules = self.rules();
        let mut lines = vec![format!("{}, {}.", team(0), team(1))];
        if rules.injury_cards > 0 {
            lines.push(format!(
                "Each player sets {} cards aside for injury time, in secret.",
                rules.injury_cards
            ));
        }
        lines
    }

    fn spectator_view(&self) -> FlipDuelView {
        let mut v = self.view(Seat(0));
        v.my_aside.clear();
        // The pack's contents tell what is aside; only sizes are public.
        v.my_pack.clear();
        v.my_hand.clear();
        v.my_laid = None;
        v
    }
}

impl Session<FlipDuel> {
    /// A new match with `config` (the official rules or house rules).
    pub fn flip_duel(
        managers: Vec<Manager>,
        config: FlipDuelConfig,
        seed: u64,
    ) -> Result<FlipDuelSession, SessionError<FlipDuelError>> {
        Session::create(managers, config, seed, ())
    }
}

/// The log's privacy probe: a match with the default packs, played by
/// random bots.
pub fn probe(seed: u64) -> Result<Box<dyn crate::ui::probe::LogProbe>, String> {
    let cards = std::sync::Arc::new(super::CardSet::default_set().map_err(|e| e.to_string())?);
    let mut config = FlipDuelConfig::new(cards.clone());
    // Every other seed lays from a hand of three (house rule).
    if seed % 2 == 1 {
        config.hand = 3;
    }
    let game = FlipDuel::new(&config, seed).map_err(|e| e.to_string())?;
    let printed = crate::ui::probe::Printed::count(
        cards
            .pack(0)
            .chain(cards.pack(1))
            .filter_map(|id| cards.card(id).map(|c| c.name.clone())),
    );
    crate::ui::probe::Probe::new(game, (), printed, hidden_from, seed).boxed()
}

/// What `reader` may not see, by the card's name as the log writes it:
/// both packs, face down, and the other seat's injury-time cards and
/// hand. Only a name printed on one card can tell which card it was.
fn hidden_from(
    g: &FlipDuel,
    _names: &(),
    printed: &crate::ui::probe::Printed,
    reader: Option<Seat>,
) -> crate::ui::probe::Hidden {
    let cards = g.cards();
    let name = |c: &super::CardId| cards.card(*c).map(|c| c.name.clone());
    let mut supply = Vec::new();
    let mut hands = Vec::new();
    for seat in Seat::all(super::SEATS) {
        supply.extend(g.pack(seat).iter().filter_map(name));
        if reader != Some(seat) {
            hands.extend(g.aside(seat).iter().filter_map(name));
            hands.extend(g.hand(seat).iter().filter_map(name));
        }
    }
    crate::ui::probe::Hidden { supply, hands }.printed_once(printed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::flip_duel::{Action, CardSet};
    use crate::ui::session::Controller;
    use proptest::prelude::*;
    use std::sync::Arc;

    fn session(seed: u64) -> FlipDuelSession {
        let cards = Arc::new(CardSet::default_set().unwrap_or_else(|e| panic!("{e}")));
        let managers = ["Ann", "Bo"]
            .map(|n| Manager {
                name: n.into(),
                controller: Controller::Human,
            })
            .to_vec();
        Session::flip_duel(managers, FlipDuelConfig::new(cards), seed)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Whatever each player sets aside, the log one seat (or a
        /// spectator) reads never names a card the other chose.
        #[test]
        fn narration_never_names_the_other_sides_injury_time_cards(
            seed in 0u64..1000,
            picks in proptest::collection::vec((0usize..53, 0usize..53), 8),
        ) {
            let mut s = session(seed);
            for (a, b) in picks {
                for (seat, k) in [(Seat(0), a), (Seat(1), b)] {
                    let pack = s.game().pack(seat).to_vec();
                    let card = pack[k % pack.len()];
                    s.act(seat, Action::SetAside { card }).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            // A few pairs, so the log holds laid and revealed cards too.
            for _ in 0..10 {
                for seat in [Seat(0), Seat(1)] {
                    let _ = s.act(seat, Action::Lay);
                }
            }
            let cards = s.game().cards().clone();
            for reader in [None, Some(Seat(0)), Some(Seat(1))] {
                let log: Vec<String> = s.log_for(reader).into_iter().map(|l| l.text).collect();
                for owner in [Seat(0), Seat(1)] {
                    if reader == Some(owner) {
                        continue;
                    }
                    for &c in s.game().aside(owner) {
                        // Cards are named as `Name (red-07)`; an
                        // injury-time card is never laid before injury time.
                        let name = cards.name(c);
                        for line in &log {
                            prop_assert!(
                                !line.contains(&format!("({name})")),
                                "{reader:?} reads {name} of {owner}: {line}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lines_read_as_sentences() {
        assert_eq!(sentence("GOAL for Red!".into()), "GOAL for Red!");
        assert_eq!(sentence("red lays a card".into()), "Red lays a card.");
        assert_eq!(sentence(String::new()), "");
    }

    #[test]
    fn the_spectator_sees_sizes_only() {
        let mut s = session(3);
        let card = s.game().pack(Seat(0))[0];
        s.act(Seat(0), Action::SetAside { card })
            .unwrap_or_else(|e| panic!("{e}"));
        let v = s.game().spectator_view();
        assert!(v.my_aside.is_empty() && v.my_pack.is_empty() && v.my_hand.is_empty());
        assert_eq!(v.aside_counts, [1, 0]);
        let own = s.log_for(Some(Seat(0)));
        assert!(own.iter().any(|l| l.text.contains("aside for injury time")));
        assert!(
            !s.log_for(Some(Seat(1)))
                .iter()
                .any(|l| l.text.contains(cards_name(&s, card)))
        );
    }

    fn cards_name(s: &FlipDuelSession, c: u16) -> &str {
        s.game().cards().name(c)
    }
}

/// `text` without the card ids the engine adds after names ("Wing Back
/// (red-35)" reads "Wing Back"): the log speaks in names.
fn without_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find(" (") {
        let (head, tail) = rest.split_at(i);
        out.push_str(head);
        let inner = &tail[2..];
        let is_id = inner.find(')').is_some_and(|end| {
            let word = &inner[..end];
            word.rsplit_once('-').is_some_and(|(a, b)| {
                !a.is_empty()
                    && a.chars().all(|c| c.is_ascii_alphabetic())
                    && !b.is_empty()
                    && b.chars().all(|c| c.is_ascii_digit())
            })
        });
        match (is_id, inner.find(')')) {
            (true, Some(end)) => rest = &inner[end + 1..],
            _ => {
                out.push_str(" (");
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod id_tests {
    use super::without_ids;

    #[test]
    fn card_ids_after_names_are_dropped_and_other_brackets_kept() {
        assert_eq!(
            without_ids("Red attack with Hold Up (red-20): Blue's Late Run (blue-40) shows it"),
            "Red attack with Hold Up: Blue's Late Run shows it"
        );
        assert_eq!(without_ids("a draw (5 to 5)"), "a draw (5 to 5)");
    }
}

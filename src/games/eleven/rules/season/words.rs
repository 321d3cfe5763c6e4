//! A season's actions in words, for the manager deciding (the table's
//! Hint: "Hint: hire Marta Silva").
//!
//! The words are read from that manager's own view, so they never name a
//! card the manager cannot see: the Directors in their own draft hand,
//! their own Objective offer, the open rows, their own club.

use super::action::{Action, CardRef, Row};
use super::view::{ClubView, SeasonView};
use crate::games::eleven::deck::ElevenDecks;
use crate::games::eleven::vocab::{Contract, Side};

/// What the words say of a card the decks do not hold (never, with the
/// decks the season was dealt from).
const UNNAMED: [&str; 6] = [
    "a Director",
    "an Objective",
    "a Player",
    "a Staff card",
    "a Sponsor",
    "a card",
];

/// `action` in words for the manager whose view is `view`.
pub fn action_words(view: &SeasonView, decks: &ElevenDecks, action: &Action) -> String {
    let club: Option<&ClubView> = view.seat.and_then(|s| view.clubs.get(s.index()));
    let player = |id: &str, side: Side| {
        decks
            .players
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.side(side).name.clone())
    };
    let row_card = |row: &[Option<String>], slot: usize| row.get(slot).cloned().flatten();
    let or = |name: Option<String>, what: &str| name.unwrap_or_else(|| what.to_string());
    // The fallbacks ([`UNNAMED`]) only show for a card the data lacks.
    match action {
        Action::Draft(k) => {
            let name = club
                .and_then(|c| c.director_hand.as_ref())
                .and_then(|h| h.get(*k))
                .and_then(|id| decks.directors.iter().find(|d| &d.id == id))
                .map(|d| d.name.clone());
            format!("keep the Director {}", or(name, UNNAMED[0]))
        }
        Action::KeepObjective(k) => {
            let name = club
                .and_then(|c| c.objective_offer.as_ref())
                .and_then(|o| o.get(*k))
                .and_then(|id| decks.objectives.iter().find(|o| &o.id == id))
                .map(|o| o.name.clone());
            format!("keep the Objective {}", or(name, UNNAMED[1]))
        }
        Action::RerollBoard => "reroll the Board Meeting die (1 Fan Base)".into(),
        Action::AcceptBoard { .. } => "accept the Board Meeting's decision".into(),
        Action::HirePlayer(slot) => {
            let name =
                row_card(&view.players_row, *slot).and_then(|id| player(&id, Side::Untrained));
            format!("hire {}", or(name, UNNAMED[2]))
        }
        Action::HireYoungster => "hire a Youngster".into(),
        Action::Sell(i) => {
            let name = club
                .and_then(|c| c.players.get(*i))
                .and_then(|p| player(&p.id, p.side));
            format!("sell {}", or(name, UNNAMED[2]))
        }
        Action::HireStaff(slot) | Action::HireStaffWith { slot, .. } => {
            let name = row_card(&view.staff_row, *slot)
                .and_then(|id| decks.staff.iter().find(|s| s.id == id))
                .map(|s| s.name.clone());
            format!("hire {}", or(name, UNNAMED[3]))
        }
        Action::ContractSponsor {
            slot,
            contract,
            bonus,
        }
        | Action::ContractSponsorWith {
            slot,
            contract,
            bonus,
            ..
        } => {
            let name = row_card(&view.sponsors_row, *slot)
                .and_then(|id| decks.sponsors.iter().find(|s| s.id == id))
                .map(|s| s.front.name.clone());
            let how = match (contract, bonus) {
                (Contract::OneOff, _) => "one-off",
                (Contract::Adboard, false) => "as an Adboard",
                (Contract::Adboard, true) => "as an Adboard, taking its Bonus",
                (Contract::Kit, _) => "on the Kit",
            };
            format!("contract {} {how}", or(name, UNNAMED[4]))
        }
        Action::Build(what) => format!("build the {}", what.title()),
        Action::BuildOffice => "move the Office marker up".into(),
        Action::CardAction { card, paid, .. } => {
            let name = club.and_then(|c| match card {
                CardRef::Staff(i) => c
                    .staff
                    .get(*i)
                    .and_then(|s| decks.staff.iter().find(|d| d.id == s.id))
                    .map(|s| s.name.clone()),
                CardRef::Director(i) => c
                    .directors
                    .as_ref()
                    .and_then(|d| d.get(*i))
                    .and_then(|s| decks.directors.iter().find(|d| d.id == s.id))
                    .map(|d| d.name.clone()),
            });
            let how = if *paid { " as the Paid action" } else { "" };
            format!("use {}{how}", or(name, UNNAMED[5]))
        }
        Action::EndTurn => "end the turn".into(),
        Action::PlayMatch(_) => "play the Match as planned".into(),
        Action::PlaySuggested(k) => format!("play suggested plan {}", k + 1),
        Action::RerollConsequence => "reroll the consequence (1 Fan Base)".into(),
        Action::AcceptConsequence | Action::ResolveConsequence(_) => {
            "accept the consequence".into()
        }
        Action::RerollInjury(k) => format!("reroll Injury {} (1 Fan Base)", k + 1),
        Action::Wipe(None) => "keep the Transfer Area".into(),
        Action::Wipe(Some(row)) => format!(
            "wipe the {} row",
            match row {
                Row::Players => "Player",
                Row::Staff => "Staff",
                Row::Sponsors => "Sponsor",
            }
        ),
        Action::Answer(k) => {
            let label = view.question.as_ref().and_then(|q| {
                q.choice
                    .options
                    .iter()
                    .find(|(a, _)| a == k)
                    .map(|(_, label)| label.clone())
            });
            match label {
                Some(label) => format!("answer \"{label}\""),
                None => format!("answer {}", k + 1),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::Bot as _;
    use crate::engine::{Game as _, ToAct};
    use crate::games::eleven::season::{Season, SeasonBot, SeasonConfig};
    use std::sync::Arc;

    /// Every action of whole seasons (2 managers, and solo with its
    /// Transfer Area wipes) has words: no Rust names or braces, and the
    /// draft names the Director by the name printed on the card.
    #[test]
    fn every_action_of_a_season_has_words() {
        let decks = Arc::new(ElevenDecks::default_decks().expect("the default decks"));
        let mut kinds = std::collections::BTreeSet::new();
        for (managers, seed) in [(2u8, 1u64), (2, 2), (1, 3)] {
            let config = SeasonConfig::new(decks.clone(), managers, 2);
            let mut g = Season::new(&config, seed).expect("a season");
            let mut bot = SeasonBot::new(decks.clone());
            let mut legal = Vec::new();
            for _ in 0..5_000 {
                let seat = match g.to_act() {
                    ToAct::One(s) => s,
                    ToAct::Simultaneous(set) => set.iter().next().expect("a seat"),
                    ToAct::Chance => {
                        g.resolve_chance(&mut crate::engine::NoLog);
                        continue;
                    }
                    ToAct::Over => break,
                };
                g.legal_actions(seat, &mut legal);
                let view = g.view(seat);
                for a in &legal {
                    let words = action_words(&view, &decks, a);
                    let plain = words.replace("(1 Fan Base)", "");
                    assert!(
                        !words.is_empty()
                            && !words.contains('{')
                            && (matches!(a, Action::Answer(_)) || !plain.contains('(')),
                        "{a:?}: {words}"
                    );
                    // Every card is found by its name.
                    for unnamed in UNNAMED {
                        assert!(!words.ends_with(unnamed), "{a:?}: {words}");
                    }
                    if let Action::Draft(k) = a {
                        let id = view.clubs[seat.index()]
                            .director_hand
                            .as_ref()
                            .and_then(|h| h.get(*k))
                            .expect("the Director drafted");
                        let card = decks
                            .directors
                            .iter()
                            .find(|d| &d.id == id)
                            .expect("its card");
                        assert_eq!(words, format!("keep the Director {}", card.name));
                    }
                    kinds.insert(
                        format!("{a:?}")
                            .split(['(', ' ', '{'])
                            .next()
                            .map(str::to_owned),
                    );
                }
                let i = bot
                    .choose(Some(&view), &legal)
                    .min(legal.len().saturating_sub(1));
                let Some(a) = legal.get(i).cloned() else {
                    break;
                };
                g.apply(seat, &a).expect("a legal action");
            }
            assert!(
                g.is_over(),
                "{managers} managers, seed {seed}: the season ended"
            );
        }
        assert!(
            kinds.len() >= 10,
            "only {} kinds of action seen",
            kinds.len()
        );
    }
}

//! Cardball for the registry's tools: its card data, tables, bots, census
//! and figures ([`GameKit`]), scenarios and printed deck.

use super::bot::HeuristicBot;
use super::deck::CardballDeck;
use super::{CardSet, Cardball, CardballConfig, HouseRules, TeamPlay, TieBreak};
use crate::bots::{Bot, Level, RandomBot};
use crate::cards::{DataErrors, DataSource};
use crate::games::kit::{
    BotName, EXPERT, GameKit, HARD, HEURISTIC, RANDOM, TableOption, TableSetup,
};
use crate::soak::pick;
use std::sync::Arc;

/// Cardball's card data: the deck as its files describe it and the cards
/// as the engine plays them.
pub struct CardballData {
    /// The deck.
    pub deck: CardballDeck,
    /// The cards.
    pub cards: Arc<CardSet>,
}

impl GameKit for Cardball {
    const ID: &'static str = "cardball";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=4;
    const DEFAULT_SEATS: usize = 2;
    const HOUSE_RULES: bool = true;
    const BOTS: &'static [BotName] = &[RANDOM, HEURISTIC, HARD, EXPERT];
    const CARD_VALUE: bool = true;
    const OPTIONS: &'static [TableOption] = &[
        TableOption {
            name: "tie_break",
            values: "penalties, golden_goal or draw",
        },
        TableOption {
            name: "halves",
            values: "true or false",
        },
        TableOption {
            name: "teams",
            values: "switching or on_the_spot, for 2v2",
        },
    ];
    type Data = CardballData;
    /// A Manager card (`false`) or an Action card (`true`), by id.
    type Census = (bool, usize);

    fn load(source: &DataSource) -> Result<CardballData, DataErrors> {
        let deck = CardballDeck::load(source)?;
        let cards = Arc::new(deck.card_set());
        Ok(CardballData { deck, cards })
    }

    fn summary(_source: &DataSource, data: &CardballData) -> Result<Vec<String>, DataErrors> {
        let deck = &data.deck;
        let c = deck.counts();
        let positions: Vec<String> = deck
            .positions()
            .iter()
            .map(|(p, n)| format!("{n} {p}"))
            .collect();
        Ok(vec![format!(
            "{} cards: {} pitch cards, {} Manager cards ({}), {} Action cards, 1 die",
            c.pitch + c.managers + c.actions,
            c.pitch,
            c.managers,
            positions.join(", "),
            c.actions
        )])
    }

    /// The duel (2 seats) or 2v2 (4), with `tie_break`, `halves`, `teams`
    /// and a house-rules file (`ranked_marks = true`, ...;
    /// `docs/cardball.md`, 10.1).
    fn table(
        data: &Arc<CardballData>,
        _source: &DataSource,
        setup: &TableSetup,
    ) -> Result<CardballConfig, String> {
        let house = match &setup.rules {
            Some((name, text)) => HouseRules::parse(name, text)?,
            None => HouseRules::default(),
        };
        let teams_key = setup.option("teams").unwrap_or("switching");
        let teams = match setup.seats {
            2 => None,
            4 => Some(TeamPlay::parse(teams_key).ok_or_else(|| {
                format!("unknown --teams `{teams_key}`: use switching or on_the_spot")
            })?),
            n => {
                return Err(format!(
                    "--players must be 2 (or 4 for 2v2) for Cardball, not {n}"
                ));
            }
        };
        let tie_key = setup.option("tie_break").unwrap_or("penalties");
        let tie_break = TieBreak::parse(tie_key).ok_or_else(|| {
            format!("unknown --tie-break `{tie_key}`: use penalties, golden_goal or draw")
        })?;
        let halves = match setup.option("halves") {
            None | Some("false") => false,
            Some("true") => true,
            Some(h) => return Err(format!("--halves is true or false, not `{h}`")),
        };
        Ok(CardballConfig {
            tie_break,
            halves,
            teams,
            house,
            ..CardballConfig::new(data.cards.clone())
        })
    }

    fn bot(_config: &CardballConfig, key: &str, seed: u64) -> Option<Box<dyn Bot<Cardball>>> {
        match key {
            "random" => Some(Box::new(RandomBot::new(seed))),
            "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
            _ => {
                Level::parse(key).map(|level| Box::new(super::search::search_bot(level, seed)) as _)
            }
        }
    }

    /// The duel or 2v2 (either way of choosing the playing manager), any
    /// tie-break, one or two halves, asked or default calls, random and
    /// heuristic bots, all drawn from the seed.
    fn soak_table(data: &Arc<CardballData>, seed: u64) -> (CardballConfig, Vec<&'static str>) {
        let config = CardballConfig {
            tie_break: [TieBreak::Penalties, TieBreak::GoldenGoal, TieBreak::Draw]
                [pick(seed, 1, 3) as usize],
            halves: pick(seed, 2, 2) == 0,
            teams: [None, Some(TeamPlay::Switching), Some(TeamPlay::OnTheSpot)]
                [pick(seed, 3, 3) as usize],
            ask_calls: pick(seed, 4, 2) == 0,
            ..CardballConfig::new(data.cards.clone())
        };
        let seats = if config.teams.is_some() { 4 } else { 2 };
        let bots = (0..seats)
            .map(|i| {
                if pick(seed, 20 + i, 2) == 0 {
                    "random"
                } else {
                    "heuristic"
                }
            })
            .collect();
        (config, bots)
    }

    /// Manager cards and Action cards are both counted.
    fn census(&self) -> Vec<(bool, usize)> {
        let mut all: Vec<(bool, usize)> = self
            .all_card_places()
            .into_iter()
            .map(|c| (false, usize::from(c)))
            .collect();
        all.extend(
            self.all_action_places()
                .into_iter()
                .map(|a| (true, usize::from(a))),
        );
        all
    }

    /// Every card design (copies are one kind), compared with the other
    /// designs of its position; The Manager cards with each other.
    fn card_kinds(config: &CardballConfig) -> crate::lab::Kinds {
        use crate::lab::CardKind;
        let cards = &config.cards.managers;
        let mut kinds: Vec<CardKind> = Vec::new();
        let mut first: Vec<usize> = Vec::new();
        let of_card = cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let same = |j: &usize| {
                    let d = &cards[*j];
                    d.position == c.position && d.top == c.top && d.bottom == c.bottom
                };
                let k = match first.iter().position(same) {
                    Some(k) => k,
                    None => {
                        first.push(i);
                        let design = c.id.strip_suffix("-1").unwrap_or(&c.id);
                        kinds.push(CardKind {
                            key: design.to_string(),
                            label: design.to_string(),
                            group: c.position.to_string(),
                        });
                        kinds.len() - 1
                    }
                };
                u16::try_from(k).ok()
            })
            .collect();
        crate::lab::Kinds { kinds, of_card }
    }

    fn played_card(action: &super::Action) -> Option<usize> {
        match action {
            super::Action::Pick { card, .. } | super::Action::UseManager { card } => {
                Some(usize::from(*card))
            }
            super::Action::Call { .. } | super::Action::Pass => None,
        }
    }

    fn deals_opening_hands() -> bool {
        true
    }

    fn opening_cards(&self, seat: crate::engine::Seat) -> Vec<usize> {
        self.hand(seat).iter().map(|&c| usize::from(c)).collect()
    }

    fn figures(&self) -> Vec<(String, f64)> {
        let [a, b] = self.score();
        vec![("goals".into(), f64::from(a + b))]
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let deck = super::deck::CardballDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}

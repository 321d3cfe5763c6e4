//! Booked! for the registry's tools: its card data, tables, bots, census
//! and figures ([`GameKit`]), scenarios and printed deck.

use super::bot::HeuristicBot;
use super::deck::{BookedDeck, load_house_rules, parse_house_rules};
use super::group::GroupStage;
use super::{Booked, BookedConfig, CardId, CardSet, HouseRules};
use crate::bots::{Bot, Level, RandomBot};
use crate::cards::{DataErrors, DataSource};
use crate::engine::{Game as _, Seat};
use crate::games::kit::{self, BotName, EXPERT, GameKit, HARD, HEURISTIC, RANDOM, TableSetup};
use crate::sim::{GameResult, Unit, play};
use crate::soak::pick;
use std::sync::Arc;

/// Booked!'s card data: the deck as printed, its card set and the data
/// folder's house rules.
pub struct BookedData {
    /// The deck as its files describe it.
    pub deck: BookedDeck,
    /// The cards as the engine plays them.
    pub cards: Arc<CardSet>,
    /// The house rules of the data folder.
    pub rules: HouseRules,
}

impl GameKit for Booked {
    const ID: &'static str = "booked";
    const SEATS: std::ops::RangeInclusive<usize> = 2..=6;
    const DEFAULT_SEATS: usize = 4;
    const HOUSE_RULES: bool = true;
    const BOTS: &'static [BotName] = &[RANDOM, HEURISTIC, HARD, EXPERT];
    const CARD_VALUE: bool = true;
    type Data = BookedData;
    type Census = CardId;

    fn load(source: &DataSource) -> Result<BookedData, DataErrors> {
        let deck = BookedDeck::load(source)?;
        let rules = load_house_rules(source)?;
        let cards = Arc::new(deck.card_set());
        Ok(BookedData { deck, cards, rules })
    }

    fn summary(_source: &DataSource, data: &BookedData) -> Result<Vec<String>, DataErrors> {
        let deck = &data.deck;
        let counts = deck.counts();
        let total: usize = counts.values().sum();
        let parts: Vec<String> = counts
            .iter()
            .map(|(k, n)| format!("{n} {}", k.label()))
            .collect();
        let nations: Vec<&str> = deck.nations.iter().map(|n| n.code.as_str()).collect();
        let rules = &data.rules;
        Ok(vec![
            format!("{} — {total} cards: {}", deck.name, parts.join(", ")),
            format!("{} nations: {}", deck.nations.len(), nations.join(" ")),
            format!(
                "house rules ok (deal {}, hand limit {}{})",
                rules.deal_size,
                rules.hand_limit,
                if *rules == HouseRules::default() {
                    ", official"
                } else {
                    ", custom"
                }
            ),
        ])
    }

    fn table(
        data: &Arc<BookedData>,
        _source: &DataSource,
        setup: &TableSetup,
    ) -> Result<BookedConfig, String> {
        let rules = match &setup.rules {
            Some((name, text)) => parse_house_rules(name, text).map_err(|e| e.to_string())?,
            None => data.rules.clone(),
        };
        let seats = u8::try_from(setup.seats).map_err(|_| "too many managers".to_string())?;
        Ok(BookedConfig::new(data.cards.clone(), rules, seats))
    }

    fn bot(config: &BookedConfig, key: &str, seed: u64) -> Option<Box<dyn Bot<Booked>>> {
        match key {
            "random" => Some(Box::new(RandomBot::new(seed))),
            "heuristic" => Some(Box::new(HeuristicBot::new(seed))),
            _ => Level::parse(key)
                .map(|level| Box::new(super::search::search_bot(level, config, seed)) as _),
        }
    }

    /// 2-6 managers, a mix of random and heuristic bots and house rules
    /// drawn from the seed (the official rules when the drawn ones cannot
    /// be dealt).
    fn soak_table(data: &Arc<BookedData>, seed: u64) -> (BookedConfig, Vec<&'static str>) {
        let players = 2 + pick(seed, 1, 5) as u8;
        let flag = |salt| pick(seed, salt, 4) == 0;
        let base = &data.rules;
        let drawn = HouseRules {
            deal_size: 5 + pick(seed, 2, 6) as u8,
            fewer_discipline: flag(3),
            captains_armband: flag(4),
            derby_night: flag(5),
            squad_rotation: flag(6),
            strict_var: flag(7),
            group_stage: false,
            reshuffles_before_penalties: pick(seed, 8, 3) as u8,
            ..base.clone()
        };
        let official = HouseRules {
            group_stage: false,
            ..base.clone()
        };
        let rules = if flag(9) { drawn } else { official.clone() };
        let mut config = BookedConfig::new(data.cards.clone(), rules, players);
        if Booked::new(&config, seed).is_err() {
            config = BookedConfig::new(data.cards.clone(), official, players);
        }
        let bots = (0..u64::from(players))
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

    fn census(&self) -> Vec<CardId> {
        self.all_card_places()
    }

    fn figures(&self) -> Vec<(String, f64)> {
        let sent_off: u16 = Seat::all(self.seat_count()).map(|s| self.sent_off(s)).sum();
        vec![("players sent off".into(), f64::from(sent_off))]
    }

    /// Each nation's players (compared with the other nations), the super
    /// sub, the Yellow and the Red (the cards anyone may hold against
    /// anyone), and each of the eleven referees.
    fn card_kinds(config: &BookedConfig) -> crate::lab::Kinds {
        use crate::lab::CardKind;
        let cards = &config.cards;
        let mut kinds: Vec<CardKind> = cards
            .nations
            .iter()
            .enumerate()
            .map(|(i, code)| CardKind {
                key: code.clone(),
                label: format!(
                    "{} players",
                    cards
                        .nation_names
                        .get(i)
                        .map_or(code.as_str(), String::as_str)
                ),
                group: "nation".into(),
            })
            .collect();
        for (key, label) in [
            ("super_sub", "SUPER SUB"),
            ("yellow", "YELLOW CARD"),
            ("red", "RED CARD"),
        ] {
            kinds.push(CardKind {
                key: key.into(),
                label: label.into(),
                group: "special".into(),
            });
        }
        kinds.extend(super::Referee::ALL.iter().map(|r| CardKind {
            key: r.key().into(),
            label: r.title().into(),
            group: "referee".into(),
        }));
        let of_card = (0..cards.cards.len())
            .map(|i| {
                CardId::try_from(i)
                    .ok()
                    .and_then(|id| kind_of_card(cards, id))
                    .and_then(|k| u16::try_from(k).ok())
            })
            .collect();
        crate::lab::Kinds { kinds, of_card }
    }

    fn played_card(action: &super::Action) -> Option<usize> {
        use super::Action;
        match action {
            Action::PlayPlayer { card }
            | Action::PlaySuperSub { card, .. }
            | Action::PlayReferee { card, .. }
            | Action::Yellow { card, .. }
            | Action::Red { card, .. }
            | Action::Tackle { card, .. }
            | Action::Respond { card } => Some(usize::from(*card)),
            _ => None,
        }
    }

    fn deals_opening_hands() -> bool {
        true
    }

    fn opening_cards(&self, seat: Seat) -> Vec<usize> {
        self.hand(seat).iter().map(|&c| usize::from(c)).collect()
    }

    /// A match, or with the group-stage house rule a whole group stage
    /// (three matches, then sudden-death deciders while managers are
    /// level), whose winner is the champion.
    fn play_unit(
        config: &BookedConfig,
        bots: &[&'static str],
        seed: u64,
        max_decisions: u64,
    ) -> Option<Unit> {
        if !config.rules.group_stage {
            let mut game = Booked::new(config, seed).ok()?;
            let mut players = kit::seat_bots::<Booked>(config, bots, seed)?;
            let played = crate::bots::play_out(&mut game, &mut players, max_decisions, |_| None);
            return Some(kit::finished(seed, &game, played));
        }
        let make_bot = |manager: Seat, seed: u64| -> Box<dyn Bot<Booked>> {
            let key = bots.get(manager.index()).copied().unwrap_or("random");
            let bot_seed = seed.wrapping_mul(31).wrapping_add(manager.index() as u64);
            Booked::bot(config, key, bot_seed).unwrap_or_else(|| Box::new(RandomBot::new(bot_seed)))
        };
        let result = play_group_stage(config, seed, max_decisions, &make_bot)?;
        Some(Unit {
            result,
            figures: Vec::new(),
        })
    }
}

/// The lab's kind of `card` ([`GameKit::card_kinds`]'s order: nations,
/// super sub, Yellow, Red, the referees).
fn kind_of_card(cards: &CardSet, card: CardId) -> Option<usize> {
    use super::Card;
    let nations = cards.nations.len();
    match cards.card(card)? {
        Card::Player { nation, .. } => Some(usize::from(nation)),
        Card::SuperSub => Some(nations),
        Card::Yellow => Some(nations + 1),
        Card::Red => Some(nations + 2),
        Card::Referee(r) => super::Referee::ALL
            .iter()
            .position(|x| *x == r)
            .map(|i| nations + 3 + i),
        Card::QuickRules => None,
    }
}

/// The deck from `source`, laid out for print.
pub fn print_deck(source: &DataSource) -> Result<crate::layout::PrintDeck, DataErrors> {
    let deck = super::deck::BookedDeck::load(source)?;
    Ok(super::layout::print_deck(&deck))
}

/// Plays a whole Booked! group stage (three matches, then sudden-death
/// deciders while managers are level); `make_bot(manager, seed)` gives the
/// bot of a manager for one match. The result's winner is the champion and
/// its turns and decisions are the stage's totals.
fn play_group_stage(
    base: &BookedConfig,
    seed: u64,
    max_decisions: u64,
    make_bot: &(dyn Fn(Seat, u64) -> Box<dyn Bot<Booked>> + Sync),
) -> Option<GameResult> {
    let mut stage = GroupStage::new(base.clone());
    let mut turns = 0;
    let mut decisions = 0;
    let mut matches = 0u64;
    while let Some(next) = stage.next_match() {
        let match_seed = seed.wrapping_mul(1_000_003).wrapping_add(matches);
        let mut game = Booked::new(&next.config, match_seed).ok()?;
        let mut bots: Vec<Box<dyn Bot<Booked>>> = next
            .managers
            .iter()
            .map(|m| make_bot(*m, match_seed))
            .collect();
        decisions += play(&mut game, &mut bots, max_decisions);
        turns += game.turns();
        matches += 1;
        // A match the bots could not finish, or endless shared deciders,
        // abandons the stage rather than looping.
        if game.outcome().is_none() || matches > 3 + 20 {
            return Some(GameResult {
                seed,
                winners: Vec::new(),
                ending: "abandoned".into(),
                turns,
                decisions,
            });
        }
        stage.record(&game);
    }
    let ending = if stage.deciders().is_empty() {
        "cup"
    } else {
        "cup_after_sudden_death"
    };
    Some(GameResult {
        seed,
        winners: stage.champion().into_iter().collect(),
        ending: ending.into(),
        turns,
        decisions,
    })
}

#[cfg(test)]
mod soak_tests {
    #[test]
    fn a_card_that_vanishes_mid_game_is_caught_with_the_decision() {
        use crate::bots::Bot;
        use crate::engine::Game as _;
        use crate::games::booked::{Booked, BookedConfig, HouseRules};
        let source = crate::cards::DataSource::embedded();
        let deck =
            crate::games::booked::deck::BookedDeck::load(&source).unwrap_or_else(|e| panic!("{e}"));
        let config = BookedConfig::new(
            std::sync::Arc::new(deck.card_set()),
            HouseRules::default(),
            2,
        );
        let game = Booked::new(&config, 3).unwrap_or_else(|e| panic!("{e}"));
        let mut bots: Vec<Box<dyn Bot<Booked>>> = vec![
            Box::new(crate::bots::RandomBot::new(1)),
            Box::new(crate::bots::RandomBot::new(2)),
        ];
        let calls = std::cell::Cell::new(0);
        let found = crate::soak::play_checked(game.clone(), &mut bots, |g: &Booked| {
            calls.set(calls.get() + 1);
            let mut all = g.all_card_places();
            if calls.get() > 5 {
                all.pop();
            }
            all
        });
        assert_eq!(found.decisions, 5);
        let why = found.failure.unwrap_or_default();
        assert!(why.starts_with("cards changed: 1 lost"), "{why}");
        let clean = crate::soak::play_checked(game, &mut bots, Booked::all_card_places);
        assert_eq!(clean.failure, None);
        assert!(clean.decisions > 5);
    }
}

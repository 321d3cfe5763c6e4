//! Restricted play (Jaffe et al. 2012): a bot forbidden one kind of card.
//! The balance lab values a card by how much a seat loses when its bot may
//! not play it.

use super::Bot;
use crate::engine::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Which kind of card an action plays, if it plays one (an index into the
/// game's list of card kinds).
pub type KindOf<G> = Box<dyn Fn(&<G as Game>::Action) -> Option<usize> + Send>;

/// A bot that never plays a card of one kind while it has anything else
/// to do. It decides as the inner bot would; a choice of that kind is
/// taken back and made again among the rest. When every legal action
/// plays that kind it plays one anyway (a seat must act), and counts it
/// as forced.
pub struct Restricted<G: Game> {
    inner: Box<dyn Bot<G>>,
    kind: usize,
    kind_of: KindOf<G>,
    allowed: Vec<usize>,
    subset: Vec<G::Action>,
    forced: Arc<AtomicU64>,
    blocked: Arc<AtomicU64>,
}

impl<G: Game> Restricted<G> {
    /// `inner`, forbidden the cards `kind_of` calls `kind`.
    pub fn new(inner: Box<dyn Bot<G>>, kind: usize, kind_of: KindOf<G>) -> Self {
        Restricted {
            inner,
            kind,
            kind_of,
            allowed: Vec::new(),
            subset: Vec::new(),
            forced: Arc::default(),
            blocked: Arc::default(),
        }
    }

    /// How often the forbidden kind was the only thing to do.
    pub fn forced(&self) -> u64 {
        self.forced.load(Ordering::Relaxed)
    }

    /// How often the bot chose the forbidden kind (and was kept from it,
    /// or, with nothing else legal, let play it): the decisions the
    /// restriction touched.
    pub fn blocked_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.blocked)
    }

    /// The count of [`Restricted::forced`], to read after the bot is
    /// handed to a table.
    pub fn forced_counter(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.forced)
    }
}

impl<G: Game> Bot<G> for Restricted<G> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn needs_view(&self) -> bool {
        self.inner.needs_view()
    }

    fn choose(&mut self, view: Option<&G::View>, legal: &[G::Action]) -> usize {
        // The bot decides as it would unrestricted; only a choice of the
        // forbidden kind is taken back. Until then a restricted game is the
        // very game set A played (the same draws of the bot's dice), so
        // what the restriction costs shows in the games it touched alone.
        let first = self.inner.choose(view, legal);
        if legal
            .get(first)
            .is_none_or(|a| (self.kind_of)(a) != Some(self.kind))
        {
            return first;
        }
        self.allowed.clear();
        self.allowed.extend(
            legal
                .iter()
                .enumerate()
                .filter(|(_, a)| (self.kind_of)(a) != Some(self.kind))
                .map(|(i, _)| i),
        );
        self.blocked.fetch_add(1, Ordering::Relaxed);
        if self.allowed.is_empty() {
            self.forced.fetch_add(1, Ordering::Relaxed);
            return first;
        }
        self.subset.clear();
        self.subset
            .extend(self.allowed.iter().map(|&i| legal[i].clone()));
        let pick = self.inner.choose(view, &self.subset);
        self.allowed[pick.min(self.allowed.len() - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::RandomBot;
    use crate::engine::{Outcome, Seat, Sink, ToAct};
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Never;

    impl std::fmt::Display for Never {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("never")
        }
    }

    impl std::error::Error for Never {}

    /// A game of numbers: only its action type matters here.
    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Numbers;

    impl Game for Numbers {
        type Config = ();
        type Action = u8;
        type View = ();
        type Event = ();
        type Error = Never;

        fn new(_: &(), _: u64) -> Result<Self, Never> {
            Ok(Numbers)
        }
        fn seat_count(&self) -> usize {
            1
        }
        fn to_act(&self) -> ToAct {
            ToAct::Over
        }
        fn legal_actions(&self, _: Seat, out: &mut Vec<u8>) {
            out.clear();
        }
        fn apply_with(&mut self, _: Seat, _: &u8, _: &mut impl Sink<()>) -> Result<(), Never> {
            Ok(())
        }
        fn view(&self, _: Seat) {}
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn turns(&self) -> u32 {
            0
        }
    }

    #[test]
    fn a_restricted_bot_never_plays_its_kind_unless_it_must() {
        // The forbidden kind is "even".
        let kind_of: KindOf<Numbers> = Box::new(|a: &u8| a.is_multiple_of(2).then_some(0));
        let mut bot = Restricted::<Numbers>::new(Box::new(RandomBot::new(7)), 0, kind_of);
        let legal = [1u8, 2, 3, 4, 6];
        let mut seen = [false; 7];
        for _ in 0..200 {
            let i = bot.choose(None, &legal);
            assert!(legal[i] % 2 == 1, "played {}", legal[i]);
            seen[legal[i] as usize] = true;
        }
        assert!(seen[1] && seen[3], "the other actions are all still played");
        assert_eq!(bot.forced(), 0);
        let i = bot.choose(None, &[2, 4]);
        assert!(i < 2);
        assert_eq!(bot.forced(), 1);
    }
    /// Until its bot picks the forbidden kind, a restricted bot makes the
    /// very choices of the same bot unrestricted (the same draws of its
    /// dice): only the picks of that kind are taken back and counted.
    #[test]
    fn a_restricted_bot_chooses_as_unrestricted_until_it_picks_its_kind() {
        let kind_of: KindOf<Numbers> = Box::new(|a: &u8| (*a == 2).then_some(0));
        let mut free = RandomBot::new(11);
        let mut bot = Restricted::<Numbers>::new(Box::new(RandomBot::new(11)), 0, kind_of);
        let blocked = bot.blocked_counter();
        let legal = [1u8, 2, 3];
        let mut taken_back = 0;
        for _ in 0..300 {
            let wanted = <RandomBot as Bot<Numbers>>::choose(&mut free, None, &legal);
            if legal[wanted] == 2 {
                // From here the two bots' dice part: stop comparing.
                taken_back += 1;
                let i = bot.choose(None, &legal);
                assert_ne!(legal[i], 2);
                break;
            }
            assert_eq!(bot.choose(None, &legal), wanted, "the same choice");
        }
        assert_eq!(taken_back, 1, "the kind was picked once in 300");
        assert_eq!(blocked.load(Ordering::Relaxed), 1, "only that pick counts");
    }
}

//! Where a game's events go while it applies an action: a list for the
//! table, the log and the scenarios, or nowhere on the fast path that
//! simulations and search play-outs take.

/// Receives the events an engine produces. An event is made only when the
/// sink keeps it (`push` takes a closure), so the fast path never builds
/// one.
pub trait Sink<E> {
    /// Keeps the event `e` makes, if this sink keeps events.
    fn push(&mut self, e: impl FnOnce() -> E);

    /// Whether this sink keeps events (an engine may skip work that only
    /// feeds them).
    fn wants(&self) -> bool {
        true
    }
}

impl<E> Sink<E> for Vec<E> {
    fn push(&mut self, e: impl FnOnce() -> E) {
        Vec::push(self, e());
    }
}

/// Discards every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoLog;

impl<E> Sink<E> for NoLog {
    fn push(&mut self, _e: impl FnOnce() -> E) {}

    fn wants(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_keeps_events_and_no_log_never_makes_them() {
        let mut list: Vec<u8> = Vec::new();
        Sink::push(&mut list, || 3);
        assert_eq!(list, [3]);
        assert!(Sink::<u8>::wants(&list));
        let mut made = false;
        Sink::<u8>::push(&mut NoLog, || {
            made = true;
            4
        });
        assert!(!made);
        assert!(!Sink::<u8>::wants(&NoLog));
    }
}

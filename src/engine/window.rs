//! Response windows: who is asked, in which order, whether they want to
//! answer the card on top of a stack.
//!
//! A window walks the table once from the seat after the card's player in
//! the direction of play. Only seats for which the game says "this seat holds
//! a legal response" are ever asked; a seat with nothing to play is skipped
//! silently. The stack itself (last in, first out) lives in each game,
//! because what a response does is the game's business.

use super::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// The seats still to be asked about one stack item, in table order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The seat being asked now, if any.
    asking: Option<Seat>,
    /// Seats that have not been asked yet.
    pending: SeatSet,
    /// Where the walk around the table started (the card's player).
    from: Seat,
    /// The walk's direction.
    clockwise: bool,
    /// Seats at the table.
    seats: u8,
}

impl Window {
    /// Opens a window after `from` played a card: every other seat in
    /// `candidates` will be asked once, in order, if `eligible` says it holds
    /// a legal response when its turn in the window comes.
    pub fn open(
        from: Seat,
        seats: usize,
        clockwise: bool,
        candidates: SeatSet,
        eligible: impl FnMut(Seat) -> bool,
    ) -> Window {
        let mut w = Window {
            asking: None,
            pending: candidates.without(from),
            from,
            clockwise,
            seats: seats as u8,
        };
        w.advance(eligible);
        w
    }

    /// The seat that must answer now, or `None` when the window is closed.
    pub fn asking(&self) -> Option<Seat> {
        self.asking
    }

    /// The seat the current one passed; moves on to the next eligible seat.
    pub fn pass(&mut self, eligible: impl FnMut(Seat) -> bool) {
        self.advance(eligible);
    }

    fn advance(&mut self, mut eligible: impl FnMut(Seat) -> bool) {
        self.asking = None;
        let n = usize::from(self.seats);
        let mut seat = self.from;
        for _ in 0..n {
            seat = seat.step(n, self.clockwise);
            if self.pending.contains(seat) {
                self.pending = self.pending.without(seat);
                if eligible(seat) {
                    self.asking = Some(seat);
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_only_eligible_seats_in_table_order() {
        let holders = [Seat(3), Seat(1)];
        let mut w = Window::open(Seat(2), 5, true, SeatSet::all(5), |s| holders.contains(&s));
        assert_eq!(w.asking(), Some(Seat(3)));
        w.pass(|s| holders.contains(&s));
        assert_eq!(w.asking(), Some(Seat(1)));
        w.pass(|s| holders.contains(&s));
        assert_eq!(w.asking(), None);
    }

    #[test]
    fn counter_clockwise_walks_the_other_way_and_never_asks_the_player() {
        let mut w = Window::open(Seat(0), 3, false, SeatSet::all(3), |_| true);
        assert_eq!(w.asking(), Some(Seat(2)));
        w.pass(|_| true);
        assert_eq!(w.asking(), Some(Seat(1)));
        w.pass(|_| true);
        assert_eq!(w.asking(), None);
    }
}

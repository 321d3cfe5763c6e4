//! Seats at the table and per-seat containers.
//!
//! A [`Seat`] is a small index; [`BySeat`] holds one value per seat and is
//! indexed by `Seat` so engine code never mixes seat numbers with other
//! integers. [`SeatSet`] is a bit set for "these seats act at once".

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The most seats any Touchline game seats.
pub const MAX_SEATS: usize = 8;

/// One seat at the table, numbered from 0 in clockwise ("left") order.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's position as an index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat `steps` places away in the given direction at a table of `seats`.
    pub fn step(self, seats: usize, clockwise: bool) -> Seat {
        // Compares instead of `%`: a division costs more than the rest of a
        // response window's walk round the table.
        let n = seats.max(1);
        let mut i = self.index();
        if i >= n {
            i %= n;
        }
        let next = if clockwise {
            if i + 1 == n { 0 } else { i + 1 }
        } else if i == 0 {
            n - 1
        } else {
            i - 1
        };
        Seat(next as u8)
    }

    /// Every seat at a table of `seats`, in order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value per seat (like a `ByColor<T>` in a chess library, for N seats).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>(Vec<T>);

impl<T> BySeat<T> {
    /// A container with `f(seat)` for each of `seats` seats.
    pub fn from_fn(seats: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat(Seat::all(seats).map(&mut f).collect())
    }

    /// The number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when there are no seats.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value for `seat`, if the seat exists.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The value for `seat`, mutably, if the seat exists.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())
    }

    /// Seats and values in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// Values in seat order, mutably.
    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.0.iter_mut()
    }

    /// Values in seat order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// A new container with `f` applied to every value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        BySeat(self.iter().map(|(s, v)| f(s, v)).collect())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        // Engines only index with seats they created for this table; an
        // out-of-range seat is a programming error, never user input (user
        // input is checked against `seat_count` before it reaches here).
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

/// A set of seats (for several seats choosing at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Every seat of a table of `seats`.
    pub fn all(seats: usize) -> SeatSet {
        let n = seats.min(MAX_SEATS);
        SeatSet(if n >= 8 { u8::MAX } else { (1u8 << n) - 1 })
    }

    /// This set with `seat` added.
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << (seat.0 % 8)))
    }

    /// This set with `seat` removed.
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1 << (seat.0 % 8)))
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << (seat.0 % 8)) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }

    /// How many seats are in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_wraps_both_ways() {
        assert_eq!(Seat(3).step(4, true), Seat(0));
        assert_eq!(Seat(0).step(4, false), Seat(3));
        assert_eq!(Seat(1).step(2, true), Seat(0));
    }

    #[test]
    fn stepping_is_arithmetic_round_the_table() {
        // Every seat number (a stray one too) at every table size, against
        // the plain modular formula.
        for seats in 0..=MAX_SEATS + 1 {
            let n = seats.max(1);
            for s in 0..=20u8 {
                let i = usize::from(s) % n;
                let ahead = Seat(((i + 1) % n) as u8);
                let back = Seat(((i + n - 1) % n) as u8);
                assert_eq!(Seat(s).step(seats, true), ahead, "{s} of {seats}");
                assert_eq!(Seat(s).step(seats, false), back, "{s} of {seats}");
            }
        }
    }

    #[test]
    fn seat_sets_hold_what_is_added() {
        let s = SeatSet::EMPTY.with(Seat(1)).with(Seat(4));
        assert!(s.contains(Seat(4)) && !s.contains(Seat(0)));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(4)]);
        assert_eq!(s.without(Seat(1)).len(), 1);
        assert_eq!(SeatSet::all(3).len(), 3);
    }
}

//! Seats at a table: turn order and one value per seat.

use core::fmt;
use core::num::NonZeroU8;

/// A seat at the table, numbered from 0 in turn order (clockwise).
pub type Seat = usize;

/// The seats of one table in turn order: who sits to a seat's left, and a
/// round of the table from any seat.
///
/// Every game passes the turn clockwise; this is the one place that knows
/// how, so a game never writes `(seat + 1) % players` itself.
///
/// ```
/// use dice_core::seat::TurnOrder;
///
/// let table = TurnOrder::new(3).unwrap();
/// assert_eq!(table.next(2), 0);
/// assert_eq!(table.left_of(1, 4), 2);
/// assert_eq!(table.round_from(2).collect::<Vec<_>>(), [2, 0, 1]);
/// assert!(TurnOrder::new(0).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurnOrder {
    players: NonZeroU8,
}

impl TurnOrder {
    /// A table of `players` seats; `None` for an empty table or one of more
    /// than 255 seats.
    pub const fn new(players: usize) -> Option<Self> {
        if players > u8::MAX as usize {
            return None;
        }
        #[expect(
            clippy::cast_possible_truncation,
            reason = "`players <= u8::MAX` was checked above"
        )]
        match NonZeroU8::new(players as u8) {
            Some(players) => Some(TurnOrder { players }),
            None => None,
        }
    }

    /// How many seats there are.
    pub const fn players(self) -> usize {
        self.players.get() as usize
    }

    /// The seats in turn order from seat 0.
    pub fn seats(self) -> core::ops::Range<Seat> {
        0..self.players()
    }

    /// Whether `seat` is at this table.
    pub const fn contains(self, seat: Seat) -> bool {
        seat < self.players()
    }

    /// The seat to the left of `seat`: the next to play.
    pub fn next(self, seat: Seat) -> Seat {
        // The common case without a division: a seat at the table.
        match seat.checked_add(1) {
            Some(next) if next < self.players() => next,
            Some(next) if next == self.players() => 0,
            _ => self.left_of(seat, 1),
        }
    }

    /// The seat `steps` places to the left of `seat` (a seat beyond the
    /// table counts from its place modulo the table).
    pub fn left_of(self, seat: Seat, steps: usize) -> Seat {
        let n = self.players_nonzero();
        // Both terms are below `n <= 255`, so the sum cannot wrap.
        (seat % n).wrapping_add(steps % n) % n
    }

    /// How many places to the left of `from` the seat `to` sits.
    pub fn distance(self, from: Seat, to: Seat) -> usize {
        let n = self.players_nonzero();
        // `to % n + n` is below 510 and `from % n` below it, so neither
        // step wraps.
        (to % n).wrapping_add(n.get()).wrapping_sub(from % n) % n
    }

    /// Every seat once, in turn order, starting with `first`.
    pub fn round_from(self, first: Seat) -> impl Iterator<Item = Seat> + Clone {
        (0..self.players()).map(move |k| self.left_of(first, k))
    }

    fn players_nonzero(self) -> core::num::NonZeroUsize {
        core::num::NonZeroUsize::from(self.players)
    }
}

/// One value per seat of a table of at most `N` seats, with the table size.
///
/// It replaces the parallel `[T; MAX_PLAYERS]` arrays and the `players`
/// count that games kept beside them: it iterates over the seats at the
/// table only, looks seats up without panicking, and (with the `serde`
/// feature) is written as a JSON array of one value per seat, which decoding
/// checks against `N`. Slots beyond the table hold `T::default()` and are
/// never shown.
///
/// ```
/// use dice_core::seat::PerSeat;
///
/// let mut scores = PerSeat::<u32, 6>::new(3, &0).unwrap();
/// *scores.get_mut(2).unwrap() += 5;
/// assert_eq!(scores.as_slice(), [0, 0, 5]);
/// assert_eq!(scores.get(3), None);
/// assert_eq!(scores.iter().max_by_key(|(_, s)| **s), Some((2, &5)));
/// assert!(PerSeat::<u32, 6>::new(7, &0).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PerSeat<T, const N: usize> {
    values: [T; N],
    order: TurnOrder,
}

impl<T: Default + Clone, const N: usize> PerSeat<T, N> {
    /// `players` seats holding `value`; `None` for an empty table or one of
    /// more than `N` seats (or more than 255).
    pub fn new(players: usize, value: &T) -> Option<Self> {
        Self::from_fn(players, |_| value.clone())
    }
}

impl<T: Default, const N: usize> PerSeat<T, N> {
    /// `players` seats, seat `s` holding `value(s)`; `None` for an empty
    /// table or one of more than `N` seats (or more than 255).
    pub fn from_fn(players: usize, mut value: impl FnMut(Seat) -> T) -> Option<Self> {
        let order = TurnOrder::new(players).filter(|_| players <= N)?;
        Some(PerSeat {
            values: core::array::from_fn(|s| if s < players { value(s) } else { T::default() }),
            order,
        })
    }

    /// One seat per value, in order; `None` for no values or more than `N`.
    pub fn from_values(values: impl IntoIterator<Item = T>) -> Option<Self> {
        let mut values = values.into_iter();
        let mut players = 0usize;
        let slots: [T; N] = core::array::from_fn(|_| match values.next() {
            Some(v) => {
                players = players.saturating_add(1);
                v
            }
            None => T::default(),
        });
        if values.next().is_some() {
            return None;
        }
        let order = TurnOrder::new(players)?;
        Some(PerSeat {
            values: slots,
            order,
        })
    }

    /// The same table with `f` applied to every seat's value.
    pub fn map<U: Default>(&self, mut f: impl FnMut(Seat, &T) -> U) -> PerSeat<U, N> {
        let mut values = self.iter();
        PerSeat {
            values: core::array::from_fn(|_| match values.next() {
                Some((s, v)) => f(s, v),
                None => U::default(),
            }),
            order: self.order,
        }
    }
}

impl<T, const N: usize> PerSeat<T, N> {
    /// How many seats are at the table.
    pub const fn players(&self) -> usize {
        self.order.players()
    }

    /// The turn order of this table.
    pub const fn turn_order(&self) -> TurnOrder {
        self.order
    }

    /// The value of `seat`, or `None` for a seat not at the table.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.as_slice().get(seat)
    }

    /// The value of `seat` to change, or `None` for a seat not at the table.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.as_mut_slice().get_mut(seat)
    }

    /// The values of the seats at the table, seat 0 first.
    pub fn as_slice(&self) -> &[T] {
        self.values.get(..self.players()).unwrap_or_default()
    }

    /// The values of the seats at the table, to change.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let players = self.players();
        self.values.get_mut(..players).unwrap_or_default()
    }

    /// Each seat with its value, seat 0 first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator + Clone {
        self.as_slice().iter().enumerate()
    }

    /// Each seat with its value to change.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (Seat, &mut T)> + ExactSizeIterator {
        self.as_mut_slice().iter_mut().enumerate()
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for PerSeat<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::PerSeat;
    use alloc::vec::Vec;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl<T: Serialize, const N: usize> Serialize for PerSeat<T, N> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            self.as_slice().serialize(serializer)
        }
    }

    impl<'de, T: Deserialize<'de> + Default, const N: usize> Deserialize<'de> for PerSeat<T, N> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let values = Vec::<T>::deserialize(deserializer)?;
            let players = values.len();
            PerSeat::from_values(values).ok_or_else(|| {
                D::Error::custom(alloc::format!("{players} seats, but a table has 1 to {N}"))
            })
        }
    }
}

//! Squares (ARM-1): names, the gold mines, square sets and one value per
//! square.
//!
//! Square `i` is bit `i` of a `u64`, row-major from `a1` (bit 0) to `h5`
//! (bit 39): eight squares to a row, so a square's index is its row shifted
//! left by three, plus its column.

use core::fmt;
use core::ops::{Index, IndexMut};
use core::str::FromStr;

/// Columns `a`–`h`.
pub const COLUMNS: u8 = 8;
/// Rows `1`–`5`, top to bottom.
pub const ROWS: u8 = 5;
/// Squares on the board (ARM-1).
pub const SQUARES: usize = SQUARE_COUNT as usize;
/// [`SQUARES`] as the `u8` that square indices are.
pub(crate) const SQUARE_COUNT: u8 = COLUMNS * ROWS;

/// Every square.
pub(crate) const ALL_SQUARES: u64 = (1 << SQUARES) - 1;

/// A square, `a1` to `h5` (ARM-1).
///
/// ```
/// use armadora_rules::Square;
///
/// let d3: Square = "d3".parse().unwrap();
/// assert_eq!((d3.column(), d3.row()), (3, 2));
/// assert_eq!(d3.to_string(), "d3");
/// assert!("i1".parse::<Square>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at this column (0 = `a`) and row (0 = `1`), if on the board.
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < COLUMNS && row < ROWS {
            Some(Square(row << 3 | column))
        } else {
            None
        }
    }

    /// The square with this index (`a1` = 0, `b1` = 1, …, `h5` = 39).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            #[expect(
                clippy::cast_possible_truncation,
                reason = "index < SQUARES, which is a u8 (SQUARE_COUNT)"
            )]
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Every square, `a1`, `b1`, …, `h5`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + Clone {
        (0..40u8).map(Square)
    }

    /// Index `0..40`, row-major from `a1`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column, 0 (`a`) to 7 (`h`).
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// Row, 0 (`1`, top) to 4 (`5`, bottom).
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS
    }

    /// This square's bit in a square set.
    pub(crate) const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Whether a gold mine is printed here (ARM-1).
    pub const fn is_mine(self) -> bool {
        MINE_SQUARES & self.bit() != 0
    }

    /// The lowest square of a square set, if any.
    #[inline]
    pub(crate) const fn lowest(set: u64) -> Option<Square> {
        Square::from_index(set.trailing_zeros() as usize)
    }

    /// The square with this bit set in a square set, if exactly one is.
    pub(crate) const fn of_bit(bit: u64) -> Option<Square> {
        if bit.is_power_of_two() {
            Square::from_index(bit.trailing_zeros() as usize)
        } else {
            None
        }
    }
}

/// Square names in index order, for display and parsing.
const NAMES: SquareMap<&str> = SquareMap([
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", //
    "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", //
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", //
    "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4", //
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5",
]);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(NAMES[*self])
    }
}

impl super::name::Named for Square {
    fn with_name<R>(&self, write: impl FnOnce(&str) -> R) -> R {
        write(NAMES[*self])
    }
}

/// Text that names no square: squares are `a1` to `h5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("ARM-1: squares are a1 to h5")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        NAMES
            .iter()
            .find(|&(_, name)| *name == s)
            .map(|(square, _)| square)
            .ok_or(ParseSquareError)
    }
}

/// The eight gold mines in record order (ARM-1): d1, b2, f2, h2, a4, e4, c5,
/// g5. A gold chance outcome lists pile sizes in this order.
pub const MINES: [Square; 8] = [
    Square(3),
    Square(9),
    Square(13),
    Square(15),
    Square(24),
    Square(28),
    Square(34),
    Square(38),
];

/// The mines as a square set.
pub(crate) const MINE_SQUARES: u64 = {
    let mut mask = 0;
    let mut rest: &[Square] = &MINES;
    while let [mine, tail @ ..] = rest {
        mask |= mine.bit();
        rest = tail;
    }
    mask
};

/// The squares of a square set (bit `i` for square index `i`), in index
/// order.
pub fn squares_of(set: u64) -> impl Iterator<Item = Square> {
    let mut rest = set & ALL_SQUARES;
    core::iter::from_fn(move || {
        let square = Square::lowest(rest)?;
        // Clear the lowest bit.
        rest &= rest.wrapping_sub(1);
        Some(square)
    })
}

/// One value per square, indexed by [`Square`]: a square is always on the
/// board, so no lookup can miss.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct SquareMap<T>([T; SQUARES]);

/// A copy of the whole array at once: the derive would clone square by
/// square, which made copying a state three times slower.
impl<T: Copy> Clone for SquareMap<T> {
    fn clone(&self) -> Self {
        SquareMap(self.0)
    }
}

impl<T> SquareMap<T> {
    /// Square `s` holding `value(s)`.
    pub(crate) fn from_fn(mut value: impl FnMut(Square) -> T) -> Self {
        // `array::from_fn` walks the array forward, from `a1` = 0.
        let mut next = 0;
        SquareMap(core::array::from_fn(|_| {
            let square = Square(next);
            // At most SQUARES = 40 steps: the byte never wraps.
            next = next.wrapping_add(1);
            value(square)
        }))
    }

    /// Each square with its value, `a1` first.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Square, &T)> {
        Square::all().zip(&self.0)
    }
}

impl<T: Copy> SquareMap<T> {
    /// Every square holding `value`.
    pub(crate) const fn filled(value: T) -> Self {
        SquareMap([value; SQUARES])
    }
}

#[expect(
    clippy::indexing_slicing,
    reason = "a `Square` is below `SQUARES` by construction, and the map holds `SQUARES` values"
)]
impl<T> Index<Square> for SquareMap<T> {
    type Output = T;

    fn index(&self, square: Square) -> &T {
        &self.0[square.index()]
    }
}

#[expect(
    clippy::indexing_slicing,
    reason = "a `Square` is below `SQUARES` by construction, and the map holds `SQUARES` values"
)]
impl<T> IndexMut<Square> for SquareMap<T> {
    fn index_mut(&mut self, square: Square) -> &mut T {
        &mut self.0[square.index()]
    }
}

#[cfg(feature = "serde")]
serde_by_name!(
    Square,
    "ARM-1: square \"{:.8}\" is off the board (squares are a1 to h5)"
);

#[cfg(feature = "serde")]
mod serde_impl {
    use alloc::vec::Vec;

    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    use super::SquareMap;

    /// A list of one entry per square, `a1` first.
    impl<T: Serialize> Serialize for SquareMap<T> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(&self.0)
        }
    }

    impl<'de, T: Deserialize<'de>> Deserialize<'de> for SquareMap<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let items = Vec::<T>::deserialize(d)?;
            let len = items.len();
            items
                .try_into()
                .map(SquareMap)
                .map_err(|_| D::Error::invalid_length(len, &"one entry per square"))
        }
    }
}

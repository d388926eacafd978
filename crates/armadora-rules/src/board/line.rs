//! Lines (ARM-2): the interior sides between orthogonally adjacent squares,
//! where palisades go.

use core::cmp::Ordering;
use core::fmt;
use core::str::FromStr;

use super::Named;
use super::square::{COLUMNS, Square};

/// Interior lines (ARM-2): 35 vertical and 32 horizontal.
pub const LINES: usize = LINE_COUNT as usize;
/// [`LINES`] as a `u8`.
pub(crate) const LINE_COUNT: u8 = 67;
/// Vertical lines, written `..e`; they come first in line order.
const EAST_LINES: usize = 35;
/// Vertical lines in a row: one fewer than the columns.
const EAST_PER_ROW: usize = 7;

/// Which side of its square a line is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// Between the square and its east neighbour (`c2e`).
    East,
    /// Between the square and its south neighbour (`c2s`).
    South,
}

/// An interior line between two orthogonally adjacent squares (ARM-2),
/// written as the square to its west or north plus `e` or `s`.
///
/// A line has exactly one name: the line between `d2` and `c2` is `c2e`
/// whichever square it is asked from, and edge lines do not exist. Lines
/// order by [`index`](Self::index).
///
/// ```
/// use armadora_rules::{Line, Square};
///
/// let c2: Square = "c2".parse().unwrap();
/// let d2: Square = "d2".parse().unwrap();
/// let line = Line::between(d2, c2).unwrap();
/// assert_eq!(line.to_string(), "c2e");
/// assert_eq!(line.squares(), (c2, d2));
/// assert!("h2e".parse::<Line>().is_err()); // the outer edge
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    /// The square west of or above the line.
    anchor: Square,
    /// The square east of or below it.
    beyond: Square,
}

impl Line {
    /// The line on this side of `square`, if it is interior.
    pub const fn new(square: Square, side: Side) -> Option<Line> {
        let beyond = match side {
            // Shifting a square's bit by one steps east, but wraps from
            // column h into the next row: the column check rules that out.
            Side::East if square.column() < COLUMNS - 1 => Square::of_bit(square.bit() << 1),
            Side::East => None,
            // Shifting by a row steps south, and off the board below row 5.
            Side::South => Square::of_bit(square.bit() << COLUMNS),
        };
        match beyond {
            Some(beyond) => Some(Line {
                anchor: square,
                beyond,
            }),
            None => None,
        }
    }

    /// The line between `anchor` and `beyond`, its east or south
    /// neighbour: the caller knows they are adjacent (a square set and the
    /// same set shifted one column or one row on).
    pub(crate) const fn joining(anchor: Square, beyond: Square) -> Line {
        Line { anchor, beyond }
    }

    /// The line between two orthogonally adjacent squares, in either order.
    pub fn between(a: Square, b: Square) -> Option<Line> {
        let anchor = a.min(b);
        [Side::East, Side::South]
            .into_iter()
            .filter_map(|side| Line::new(anchor, side))
            .find(|line| line.beyond == a.max(b))
    }

    /// The line with this index: vertical lines `a1e`…`g5e` are 0..35,
    /// horizontal lines `a1s`…`h4s` are 35..67.
    pub fn from_index(index: usize) -> Option<Line> {
        match index.checked_sub(EAST_LINES) {
            None => {
                let column = u8::try_from(index % EAST_PER_ROW).ok()?;
                let row = u8::try_from(index / EAST_PER_ROW).ok()?;
                Line::new(Square::new(column, row)?, Side::East)
            }
            Some(south) => Line::new(Square::from_index(south)?, Side::South),
        }
    }

    /// Every line, in index order.
    pub fn all() -> impl Iterator<Item = Line> {
        (0..LINES).filter_map(Line::from_index)
    }

    /// Index `0..67`: row * 7 + column for a vertical line, 35 plus its
    /// square's index for a horizontal one.
    pub const fn index(self) -> usize {
        // An east line's square has row < 5 and column < 7, so
        // row * 7 + column < 35; a south line's square index is below 32:
        // nothing wraps.
        match self.side() {
            Side::East => (self.anchor.row() as usize)
                .wrapping_mul(EAST_PER_ROW)
                .wrapping_add(self.anchor.column() as usize),
            Side::South => EAST_LINES.wrapping_add(self.anchor.index()),
        }
    }

    /// Which side of its anchor square the line is on.
    pub const fn side(self) -> Side {
        if self.anchor.row() == self.beyond.row() {
            Side::East
        } else {
            Side::South
        }
    }

    /// The square west of or above the line, and the side it is on.
    pub const fn anchor(self) -> (Square, Side) {
        (self.anchor, self.side())
    }

    /// The two squares the line separates, west/north first.
    pub const fn squares(self) -> (Square, Square) {
        (self.anchor, self.beyond)
    }
}

impl PartialOrd for Line {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Line {
    fn cmp(&self, other: &Self) -> Ordering {
        self.index().cmp(&other.index())
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Named::with_name(self, |name| f.write_str(name))
    }
}

impl Named for Line {
    /// The anchor's name and the side's letter, written whole (`c2e`).
    fn with_name<R>(&self, write: impl FnOnce(&str) -> R) -> R {
        let side = match self.side() {
            Side::East => b'e',
            Side::South => b's',
        };
        self.anchor.with_name(|square| {
            let name = match *square.as_bytes() {
                [file, rank] => [file, rank, side],
                _ => return write(&alloc::format!("{square}{}", char::from(side))),
            };
            match core::str::from_utf8(&name) {
                Ok(name) => write(name),
                Err(_) => write(&alloc::format!("{square}{}", char::from(side))),
            }
        })
    }
}

/// Text that names no interior line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("ARM-2: lines are an interior side of a square, like c2e or c2s")]
pub struct ParseLineError;

impl FromStr for Line {
    type Err = ParseLineError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (square, side) = s.split_at_checked(2).ok_or(ParseLineError)?;
        let square: Square = square.parse().map_err(|_| ParseLineError)?;
        let side = match side {
            "e" => Side::East,
            "s" => Side::South,
            _ => return Err(ParseLineError),
        };
        Line::new(square, side).ok_or(ParseLineError)
    }
}

#[cfg(feature = "serde")]
serde_by_name!(
    Line,
    "ARM-2: line \"{:.8}\" is not an interior side of a square (like c2e or c2s)"
);

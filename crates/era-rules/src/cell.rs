//! A cell of a domain and its name, `e5` (ERA-7).

use core::fmt;

use crate::parse_error::parse_error;

/// A cell of a domain: column `a`.. from the left, row `1`.. from the top,
/// written `"e5"`.
///
/// ```
/// use era_rules::Cell;
///
/// let centre: Cell = "e5".parse().unwrap();
/// assert_eq!((centre.row(), centre.col()), (4, 4));
/// assert_eq!(centre.to_string(), "e5");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

/// The largest domain side a ruleset may use (11 × 11 = 121 cells fit one
/// 128-bit set).
pub const MAX_GRID: u8 = 11;

impl Cell {
    /// The cell at this row and column (both from 0), if both are below
    /// [`MAX_GRID`].
    pub const fn new(row: u8, col: u8) -> Option<Cell> {
        if row < MAX_GRID && col < MAX_GRID {
            Some(Cell { row, col })
        } else {
            None
        }
    }

    /// Row from the top, from 0.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Column from the left, from 0.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The bit of this cell in a grid of side `size`, if it lies inside.
    pub(crate) fn bit(self, size: u8) -> Option<u32> {
        if self.row >= size || self.col >= size {
            return None;
        }
        u32::from(self.row)
            .checked_mul(u32::from(size))?
            .checked_add(u32::from(self.col))
    }

    /// The cell of bit `bit` in a grid of side `size`.
    pub(crate) fn from_bit(bit: u32, size: u8) -> Option<Cell> {
        let size = u32::from(size);
        if bit >= size.checked_mul(size)? {
            return None;
        }
        Cell::new(
            u8::try_from(bit.checked_div(size)?).ok()?,
            u8::try_from(bit.checked_rem(size)?).ok()?,
        )
    }
}

impl fmt::Display for Cell {
    /// `e5`: the column letter, then the row number from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Both are below `MAX_GRID` (`Cell::new`): at most 'k' and 11.
        let column = char::from(b'a'.saturating_add(self.col));
        write!(f, "{column}{}", self.row.saturating_add(1))
    }
}

impl core::str::FromStr for Cell {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let col = chars
            .next()
            .and_then(|c| u8::try_from(c).ok())
            .filter(u8::is_ascii_lowercase)
            .and_then(|c| c.checked_sub(b'a'))
            .ok_or(ParseCellError)?;
        // Only plain digits: one spelling per cell ("a5", never "a+5").
        let digits = chars.as_str();
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCellError);
        }
        let row: u8 = digits.parse().map_err(|_| ParseCellError)?;
        Cell::new(row.checked_sub(1).ok_or(ParseCellError)?, col).ok_or(ParseCellError)
    }
}

parse_error!(
    /// A string that is no cell.
    ParseCellError,
    "not a cell (a column letter a-k then a row number 1-11, like \"e5\")"
);

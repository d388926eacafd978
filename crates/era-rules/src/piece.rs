//! Buildings (table D3), walls (table D4), scorched areas, and the cells
//! they occupy.

use core::fmt;

use crate::symbols::Colour;

/// The longest wall a ruleset may list (table D4).
pub const MAX_WALL_LENGTH: u8 = 8;

/// A building type (table D3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum BuildingKind {
    /// Carries a gray die; counts as wall for ERA-9.
    Keep,
    /// Carries a yellow die.
    Longhouse,
    /// Carries a blue die.
    Townhouse,
    /// Carries a white die.
    Church,
    /// Food at Collect.
    Farm,
    /// Wood at Collect.
    LumberMill,
    /// Bonus per empty domain cell.
    Market,
    /// Protects against Disease.
    Hospital,
    /// Bonus per resource left.
    Guildhall,
    /// Sets dice (ERA-14).
    Monastery,
    /// Bonus per culture point.
    University,
    /// Bonus per die owned.
    Cathedral,
}

impl BuildingKind {
    /// Every type, in the order of table D3 and of every per-type array of
    /// this crate.
    pub const ALL: [BuildingKind; 12] = [
        BuildingKind::Keep,
        BuildingKind::Longhouse,
        BuildingKind::Townhouse,
        BuildingKind::Church,
        BuildingKind::Farm,
        BuildingKind::LumberMill,
        BuildingKind::Market,
        BuildingKind::Hospital,
        BuildingKind::Guildhall,
        BuildingKind::Monastery,
        BuildingKind::University,
        BuildingKind::Cathedral,
    ];

    /// Its name in records and rulesets.
    pub const fn name(self) -> &'static str {
        match self {
            BuildingKind::Keep => "keep",
            BuildingKind::Longhouse => "longhouse",
            BuildingKind::Townhouse => "townhouse",
            BuildingKind::Church => "church",
            BuildingKind::Farm => "farm",
            BuildingKind::LumberMill => "lumber_mill",
            BuildingKind::Market => "market",
            BuildingKind::Hospital => "hospital",
            BuildingKind::Guildhall => "guildhall",
            BuildingKind::Monastery => "monastery",
            BuildingKind::University => "university",
            BuildingKind::Cathedral => "cathedral",
        }
    }

    /// The die colour this building carries (ERA-2), if any.
    pub const fn die(self) -> Option<Colour> {
        match self {
            BuildingKind::Longhouse => Some(Colour::Yellow),
            BuildingKind::Keep => Some(Colour::Gray),
            BuildingKind::Townhouse => Some(Colour::Blue),
            BuildingKind::Church => Some(Colour::White),
            _ => None,
        }
    }

    /// The one-letter mark of [`Domain`](crate::Domain)'s text drawing.
    pub const fn letter(self) -> char {
        match self {
            BuildingKind::Keep => 'K',
            BuildingKind::Longhouse => 'L',
            BuildingKind::Townhouse => 'T',
            BuildingKind::Church => 'C',
            BuildingKind::Farm => 'F',
            BuildingKind::LumberMill => 'M',
            BuildingKind::Market => 'R',
            BuildingKind::Hospital => 'H',
            BuildingKind::Guildhall => 'G',
            BuildingKind::Monastery => 'O',
            BuildingKind::University => 'U',
            BuildingKind::Cathedral => 'A',
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for BuildingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Anything placed in a domain (ERA-7): a building, a straight wall of a
/// length, or a scorched area.
///
/// Written `"farm"`, `"wall3"`, `"scorched"` in records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A building.
    Building(BuildingKind),
    /// A straight wall of this many cells (1 to [`MAX_WALL_LENGTH`]).
    Wall(u8),
    /// A scorched area: nothing can be built on it.
    Scorched,
}

/// How many distinct pieces there are (12 buildings, 8 wall lengths, scorched).
pub(crate) const PIECES: usize = 21;

impl Piece {
    /// A dense index below 21: buildings, then walls by length, then scorched.
    pub(crate) fn index(self) -> usize {
        match self {
            Piece::Building(k) => k.index(),
            Piece::Wall(n) => 11 + usize::from(n),
            Piece::Scorched => 20,
        }
    }

    pub(crate) fn from_index(i: usize) -> Option<Piece> {
        match i {
            0..=11 => BuildingKind::ALL.get(i).copied().map(Piece::Building),
            12..=19 => i
                .checked_sub(11)
                .and_then(|n| u8::try_from(n).ok())
                .map(Piece::Wall),
            20 => Some(Piece::Scorched),
            _ => None,
        }
    }

    /// Whether this is a valid piece (a wall length in range).
    pub(crate) fn is_valid(self) -> bool {
        match self {
            Piece::Wall(n) => (1..=MAX_WALL_LENGTH).contains(&n),
            _ => true,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Building(k) => f.write_str(k.name()),
            Piece::Wall(n) => write!(f, "wall{n}"),
            Piece::Scorched => f.write_str("scorched"),
        }
    }
}

/// A name that is no piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePieceError;

impl fmt::Display for ParsePieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a piece (a building name, \"wall1\"..\"wall8\" or \"scorched\")")
    }
}

impl core::str::FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "scorched" {
            return Ok(Piece::Scorched);
        }
        if let Some(n) = s.strip_prefix("wall") {
            let n: u8 = n.parse().map_err(|_| ParsePieceError)?;
            let p = Piece::Wall(n);
            return if p.is_valid() {
                Ok(p)
            } else {
                Err(ParsePieceError)
            };
        }
        BuildingKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .map(Piece::Building)
            .ok_or(ParsePieceError)
    }
}

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
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "row, col and size are u8: at most 255 * 255 + 255, far within u32"
    )]
    pub(crate) fn bit(self, size: u8) -> Option<u32> {
        (self.row < size && self.col < size)
            .then(|| u32::from(self.row) * u32::from(size) + u32::from(self.col))
    }

    /// The cell of bit `bit` in a grid of side `size`.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "size is a u8, so size * size fits u32, and it is checked non-zero before dividing"
    )]
    pub(crate) fn from_bit(bit: u32, size: u8) -> Option<Cell> {
        let size = u32::from(size);
        if size == 0 || bit >= size * size {
            return None;
        }
        Cell::new(
            u8::try_from(bit / size).ok()?,
            u8::try_from(bit % size).ok()?,
        )
    }
}

impl fmt::Display for Cell {
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "row and col are below MAX_GRID = 11 by `Cell::new`: at most 'k' and 11"
    )]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col), self.row + 1)
    }
}

/// A string that is no cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseCellError;

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a cell (a column letter a-k then a row number 1-11, like \"e5\")")
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

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Cell, Piece};
    use alloc::borrow::Cow;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Piece {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Piece {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let s = <Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(serde::de::Error::custom)
        }
    }

    impl Serialize for Cell {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Cell {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let s = <Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(serde::de::Error::custom)
        }
    }
}

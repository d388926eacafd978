//! The board (ARM-1), its lines (ARM-2) and territories (ARM-3) as bit sets.
//!
//! Square `i` is bit `i` of a `u64`, row-major from `a1` (bit 0) to `h5`
//! (bit 39). A palisade is stored on the square to its west or north, in one
//! mask per direction, so that growing a territory across open lines is a
//! handful of shifts and masks.

use core::fmt;
use core::str::FromStr;

use crate::error::ArmadoraError;

/// Columns `a`–`h`.
pub const COLUMNS: u8 = 8;
/// Rows `1`–`5`, top to bottom.
pub const ROWS: u8 = 5;
/// Squares on the board (ARM-1).
pub const SQUARES: usize = 40;
/// Interior lines (ARM-2): 35 vertical and 32 horizontal.
pub const LINES: usize = 67;
/// Vertical lines, written `..e`; they come first in line order.
const EAST_LINES: u8 = 35;

/// Every square.
pub(crate) const ALL_SQUARES: u64 = (1 << SQUARES) - 1;
/// Squares with a neighbour to the east (columns `a`–`g`).
pub(crate) const HAS_EAST: u64 = ALL_SQUARES & !COLUMN_H;
/// Squares with a neighbour to the south (rows 1–4).
pub(crate) const HAS_SOUTH: u64 = (1 << (SQUARES - 8)) - 1;
const COLUMN_H: u64 = 0x80_8080_8080;

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
            #[expect(
                clippy::arithmetic_side_effects,
                reason = "row < 5 and column < 8, so the index is below 40"
            )]
            let index = row * COLUMNS + column;
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index (`a1` = 0, `b1` = 1, …, `h5` = 39).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            #[allow(clippy::cast_possible_truncation)]
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Every square, `a1`, `b1`, …, `h5`.
    pub fn all() -> impl Iterator<Item = Square> {
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
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "column < 8 and row < 5 by `Square::new`"
        )]
        let (column, row) = (char::from(b'a' + self.column()), self.row() + 1);
        write!(f, "{column}{row}")
    }
}

impl FromStr for Square {
    type Err = ArmadoraError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            [c @ b'a'..=b'h', r @ b'1'..=b'5'] => {
                #[expect(
                    clippy::arithmetic_side_effects,
                    reason = "the pattern bounds c to a..=h and r to 1..=5"
                )]
                let (column, row) = (c - b'a', r - b'1');
                Square::new(column, row).ok_or(ArmadoraError::BadSquare)
            }
            _ => Err(ArmadoraError::BadSquare),
        }
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
/// whichever square it is asked from, and edge lines do not exist.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line(u8);

impl Line {
    /// The line on this side of `square`, if it is interior.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "r < 5 and c < 7, so r * 7 + c < 35; a square index is below 40, so 35 + it fits u8"
    )]
    pub const fn new(square: Square, side: Side) -> Option<Line> {
        let (c, r) = (square.column(), square.row());
        match side {
            Side::East if c < COLUMNS - 1 => Some(Line(r * (COLUMNS - 1) + c)),
            Side::South if r < ROWS - 1 => Some(Line(EAST_LINES + square.0)),
            _ => None,
        }
    }

    /// The line between two orthogonally adjacent squares, in either order.
    pub fn between(a: Square, b: Square) -> Option<Line> {
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let gap = high.0.abs_diff(low.0);
        if gap == 1 && low.row() == high.row() {
            Line::new(low, Side::East)
        } else if gap == COLUMNS {
            Line::new(low, Side::South)
        } else {
            None
        }
    }

    /// The line with this index: vertical lines `a1e`…`g5e` are 0..35,
    /// horizontal lines `a1s`…`h4s` are 35..67.
    pub const fn from_index(index: usize) -> Option<Line> {
        if index < LINES {
            #[allow(clippy::cast_possible_truncation)]
            Some(Line(index as u8))
        } else {
            None
        }
    }

    /// Every line, in index order.
    pub fn all() -> impl Iterator<Item = Line> {
        (0..67u8).map(Line)
    }

    /// Index `0..67`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square west of or above the line, and the side it is on.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "a line index is below 67: an east line has r < 5 and c < 7, a south line index is at least 35"
    )]
    pub const fn anchor(self) -> (Square, Side) {
        if self.0 < EAST_LINES {
            let r = self.0 / (COLUMNS - 1);
            let c = self.0 % (COLUMNS - 1);
            (Square(r * COLUMNS + c), Side::East)
        } else {
            (Square(self.0 - EAST_LINES), Side::South)
        }
    }

    /// The two squares the line separates, west/north first.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "an anchor square is below 40 and has a neighbour 1 or 8 further on"
    )]
    pub const fn squares(self) -> (Square, Square) {
        match self.anchor() {
            (s, Side::East) => (s, Square(s.0 + 1)),
            (s, Side::South) => (s, Square(s.0 + COLUMNS)),
        }
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (square, side) = self.anchor();
        let side = match side {
            Side::East => 'e',
            Side::South => 's',
        };
        write!(f, "{square}{side}")
    }
}

impl FromStr for Line {
    type Err = ArmadoraError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (square, side) = s.split_at_checked(2).ok_or(ArmadoraError::BadLine)?;
        let square: Square = square.parse().map_err(|_| ArmadoraError::BadLine)?;
        let side = match side {
            "e" => Side::East,
            "s" => Side::South,
            _ => return Err(ArmadoraError::BadLine),
        };
        Line::new(square, side).ok_or(ArmadoraError::BadLine)
    }
}

/// The palisades on the board (ARM-2), one bit per square for its east line
/// and one for its south line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Palisades {
    east: u64,
    south: u64,
}

impl Palisades {
    /// No palisade.
    pub const EMPTY: Palisades = Palisades { east: 0, south: 0 };

    /// Whether a palisade stands on `line`.
    pub const fn contains(self, line: Line) -> bool {
        match line.anchor() {
            (s, Side::East) => self.east & s.bit() != 0,
            (s, Side::South) => self.south & s.bit() != 0,
        }
    }

    /// With a palisade on `line` too.
    #[must_use]
    pub const fn with(self, line: Line) -> Palisades {
        match line.anchor() {
            (s, Side::East) => Palisades {
                east: self.east | s.bit(),
                south: self.south,
            },
            (s, Side::South) => Palisades {
                east: self.east,
                south: self.south | s.bit(),
            },
        }
    }

    /// How many palisades stand.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "two population counts of u64 add up to at most 128"
    )]
    pub const fn count(self) -> u32 {
        self.east.count_ones() + self.south.count_ones()
    }

    /// The palisades as a set of line indices (bit `i` for line `i`).
    pub fn to_bits(self) -> u128 {
        Line::all()
            .filter(|&l| self.contains(l))
            .fold(0, |acc, l| acc | 1 << l.index())
    }

    /// The palisades of a line set (bit `i` for line `i`); `None` if a bit
    /// beyond the 67 lines is set.
    pub fn from_bits(bits: u128) -> Option<Palisades> {
        if bits >> LINES != 0 {
            return None;
        }
        Some(
            Line::all()
                .filter(|l| bits & 1 << l.index() != 0)
                .fold(Palisades::EMPTY, Palisades::with),
        )
    }

    /// Every line holding a palisade, in index order.
    pub fn lines(self) -> impl Iterator<Item = Line> {
        Line::all().filter(move |&l| self.contains(l))
    }

    /// The squares within two steps of `line`'s squares, walls ignored.
    ///
    /// A new palisade on `line` can only forbid a line with a square here:
    /// a line becomes forbidden when, with it, some territory of at most
    /// three squares would be closed off that was not closed off before; the
    /// new palisade is then on that territory's border, so the territory
    /// holds a square beside the new palisade and a square of the line,
    /// at most two steps apart.
    pub(crate) const fn near(line: Line) -> u64 {
        let (a, b) = line.squares();
        Palisades::EMPTY.grow(Palisades::EMPTY.grow(a.bit() | b.bit()))
    }

    /// One step of growth of a square set across open lines.
    #[inline]
    const fn grow(self, set: u64) -> u64 {
        let open_east = HAS_EAST & !self.east;
        let open_south = HAS_SOUTH & !self.south;
        set | ((set & open_east) << 1)
            | ((set >> 1) & open_east)
            | ((set & open_south) << 8)
            | ((set >> 8) & open_south)
    }

    /// The territory (ARM-3) holding every square of `seed`.
    pub(crate) const fn territory_of(self, seed: u64) -> u64 {
        let mut set = seed;
        loop {
            let next = self.grow(set);
            if next == set {
                return set;
            }
            set = next;
        }
    }

    /// Whether the territory of `square` has at least `MIN_TERRITORY`
    /// squares; stops growing as soon as it does.
    #[inline]
    const fn reaches_minimum(self, square: Square) -> bool {
        self.reaches_minimum_from(square.bit())
    }

    #[inline]
    const fn reaches_minimum_from(self, start: u64) -> bool {
        let mut set = start;
        loop {
            let next = self.grow(set);
            if has_minimum(next) {
                return true;
            }
            if next == set {
                return false;
            }
            set = next;
        }
    }

    /// The four-square rule (ARM-8): whether adding a palisade on `line`
    /// leaves every territory with at least four squares. Only the two
    /// squares beside the line can end up in a new, smaller territory.
    #[inline]
    pub const fn allows(self, line: Line) -> bool {
        if self.contains(line) {
            return false;
        }
        let after = self.with(line);
        let (a, b) = line.squares();
        after.reaches_minimum(a) && after.reaches_minimum(b)
    }

    /// Every free line the four-square rule allows.
    pub(crate) fn allowed_lines(self) -> LineSet {
        let all = LineSet {
            east: HAS_EAST,
            south: HAS_SOUTH,
        };
        self.refresh_allowed(all, ALL_SQUARES)
    }

    /// Of `candidates`, the lines still free and allowed, rechecking only
    /// lines with a square in `region`. Since palisades only split
    /// territories, a line refused once stays refused.
    pub(crate) fn refresh_allowed(self, candidates: LineSet, region: u64) -> LineSet {
        let mut east = candidates.east & !self.east;
        let mut south = candidates.south & !self.south;
        // A square keeping three open sides besides the new line is in a
        // territory of at least four: no need to grow it.
        let open_e = HAS_EAST & !self.east;
        let open_s = HAS_SOUTH & !self.south;
        let (open_w, open_n) = (open_e << 1, open_s << 8);
        let plain_east = open_w & open_n & open_s & ((open_e & open_n & open_s) >> 1);
        let plain_south = open_w & open_e & open_n & ((open_w & open_e & open_s) >> 8);
        let mut check = east & (region | (region >> 1)) & !plain_east;
        while check != 0 {
            let bit = check & check.wrapping_neg();
            check &= check.wrapping_sub(1);
            let after = Palisades {
                east: self.east | bit,
                south: self.south,
            };
            if !(after.reaches_minimum_from(bit) && after.reaches_minimum_from(bit << 1)) {
                east &= !bit;
            }
        }
        let mut check = south & (region | (region >> 8)) & !plain_south;
        while check != 0 {
            let bit = check & check.wrapping_neg();
            check &= check.wrapping_sub(1);
            let after = Palisades {
                east: self.east,
                south: self.south | bit,
            };
            if !(after.reaches_minimum_from(bit) && after.reaches_minimum_from(bit << 8)) {
                south &= !bit;
            }
        }
        LineSet { east, south }
    }

    /// The territories (ARM-3) as square sets, from the one holding `a1`
    /// onwards (each starts at its lowest square).
    pub fn territories(self) -> Territories {
        Territories {
            palisades: self,
            left: ALL_SQUARES,
        }
    }

    /// Each square's territory number: squares share a number exactly when
    /// they share a territory; numbers follow [`territories`](Self::territories).
    pub fn territory_map(self) -> [u8; SQUARES] {
        let mut map = [0; SQUARES];
        for (n, t) in (0u8..).zip(self.territories()) {
            for (i, slot) in map.iter_mut().enumerate() {
                if t & 1 << i != 0 {
                    *slot = n;
                }
            }
        }
        map
    }
}

/// A set of lines, as the squares west of or above them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct LineSet {
    pub(crate) east: u64,
    pub(crate) south: u64,
}

impl LineSet {
    pub(crate) const fn contains(self, line: Line) -> bool {
        match line.anchor() {
            (s, Side::East) => self.east & s.bit() != 0,
            (s, Side::South) => self.south & s.bit() != 0,
        }
    }

    pub(crate) const fn is_empty(self) -> bool {
        self.east == 0 && self.south == 0
    }

    /// The lines, vertical ones first, each in square order.
    pub(crate) fn lines(self) -> impl Iterator<Item = Line> {
        bits(self.east)
            .filter_map(|s| Line::new(Square(s), Side::East))
            .chain(bits(self.south).filter_map(|s| Line::new(Square(s), Side::South)))
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        #[allow(clippy::cast_possible_truncation)]
        let i = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        Some(i)
    })
}

/// The least number of squares a territory may have (ARM-8).
pub const MIN_TERRITORY: u32 = 4;

/// Whether a square set has at least [`MIN_TERRITORY`] squares, by clearing
/// the lowest bit three times (cheaper than a population count on targets
/// without one).
#[inline]
const fn has_minimum(set: u64) -> bool {
    let mut rest = set;
    let mut i = 1;
    while i < MIN_TERRITORY {
        rest &= rest.wrapping_sub(1);
        #[expect(clippy::arithmetic_side_effects, reason = "i < MIN_TERRITORY = 4")]
        let next = i + 1;
        i = next;
    }
    rest != 0
}

/// Iterator over territories as square sets (bit `i` for square index `i`).
#[derive(Debug, Clone)]
pub struct Territories {
    palisades: Palisades,
    left: u64,
}

impl Iterator for Territories {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.left == 0 {
            return None;
        }
        let seed = self.left & self.left.wrapping_neg();
        let t = self.palisades.territory_of(seed);
        self.left &= !t;
        Some(t)
    }
}

/// The squares of a square set, in index order.
pub fn squares_of(set: u64) -> impl Iterator<Item = Square> {
    Square::all().filter(move |s| set & s.bit() != 0)
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{Line, Square};
    use alloc::borrow::Cow;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    impl Serialize for Square {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Square {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let s = <Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(|_| {
                D::Error::custom(format_args!(
                    "ARM-1: square \"{s:.8}\" is off the board (squares are a1 to h5)"
                ))
            })
        }
    }

    impl Serialize for Line {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Line {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let s = <Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(|_| {
                D::Error::custom(format_args!(
                    "ARM-2: line \"{s:.8}\" is not an interior side of a square (like c2e or c2s)"
                ))
            })
        }
    }
}

#[cfg(feature = "serde")]
mod serde_palisades {
    use super::{Line, Palisades};
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    /// A list of lines, each at most once.
    impl Serialize for Palisades {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.lines())
        }
    }

    impl<'de> Deserialize<'de> for Palisades {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let lines = Vec::<Line>::deserialize(d)?;
            let mut p = Palisades::EMPTY;
            for l in lines {
                if p.contains(l) {
                    return Err(D::Error::custom(format_args!(
                        "ARM-2: palisade {l} is listed twice; a line holds at most one"
                    )));
                }
                p = p.with(l);
            }
            Ok(p)
        }
    }
}

//! Palisades (ARM-2), territories (ARM-3) and the four-square rule
//! (ARM-8), as bit sets.
//!
//! A palisade is stored on the square to its west or north, in one mask per
//! direction, so that growing a territory across open lines is a handful of
//! shifts and masks.

use super::line::{LINES, Line, Side};
use super::square::{ALL_SQUARES, COLUMNS, SQUARES, Square, squares_of};

/// Squares with a neighbour to the east (columns `a`–`g`).
pub(crate) const HAS_EAST: u64 = ALL_SQUARES & !COLUMN_H;
/// Squares with a neighbour to the south (rows 1–4).
pub(crate) const HAS_SOUTH: u64 = (1 << (SQUARES - 8)) - 1;
const COLUMN_H: u64 = 0x80_8080_8080;

/// The palisades on the board (ARM-2), one bit per square for its east line
/// and one for its south line.
///
/// ```
/// use armadora_rules::board::{Palisades, squares_of};
/// use armadora_rules::Line;
///
/// let line = |name: &str| name.parse::<Line>().unwrap();
/// // Close off a1, b1, a2 and b2.
/// let corner = ["b1e", "b2e", "a2s"]
///     .into_iter()
///     .fold(Palisades::EMPTY, |p, name| p.with(line(name)));
/// assert!(corner.allows(line("b2s")));
/// let closed = corner.with(line("b2s"));
/// let sizes: Vec<u32> = closed.territories().map(u64::count_ones).collect();
/// assert_eq!(sizes, [4, 36]);
/// let first: Vec<String> = closed
///     .territories()
///     .flat_map(squares_of)
///     .take(4)
///     .map(|s| s.to_string())
///     .collect();
/// assert_eq!(first, ["a1", "b1", "a2", "b2"]);
/// // With a1e, a palisade on a1s would shut a1 in alone (ARM-8).
/// assert!(!Palisades::EMPTY.with(line("a1e")).allows(line("a1s")));
/// ```
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
    pub const fn count(self) -> u32 {
        ((self.east as u128) << 64 | self.south as u128).count_ones()
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
        for (number, territory) in (0u8..).zip(self.territories()) {
            for (square, slot) in map.iter_mut().enumerate() {
                if territory & 1 << square != 0 {
                    *slot = number;
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
        // Only squares with an east (south) neighbour carry an east (south)
        // line, so shifting the set one column (row) on gives, square for
        // square, the squares beyond the lines.
        let east = self.east & HAS_EAST;
        let south = self.south & HAS_SOUTH;
        let across = squares_of(east).zip(squares_of(east << 1));
        let down = squares_of(south).zip(squares_of(south << COLUMNS));
        across
            .chain(down)
            .map(|(anchor, beyond)| Line::joining(anchor, beyond))
    }
}

/// The least number of squares a territory may have (ARM-8).
pub const MIN_TERRITORY: u32 = 4;

/// Whether a square set has at least [`MIN_TERRITORY`] (four) squares, by
/// clearing the lowest bit three times (cheaper than a population count on
/// targets without one).
#[inline]
const fn has_minimum(set: u64) -> bool {
    const _: () = assert!(MIN_TERRITORY == 4, "has_minimum clears three bits");
    let three_left = set & set.wrapping_sub(1);
    let two_left = three_left & three_left.wrapping_sub(1);
    let one_left = two_left & two_left.wrapping_sub(1);
    one_left != 0
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
        let territory = self.palisades.territory_of(seed);
        self.left &= !territory;
        Some(territory)
    }
}

#[cfg(feature = "serde")]
mod serde_palisades {
    use super::{Line, Palisades};
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};

    /// A line listed twice is refused (ARM-2).
    impl<'de> Deserialize<'de> for Palisades {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let lines = Vec::<Line>::deserialize(d)?;
            let mut palisades = Palisades::EMPTY;
            for line in lines {
                if palisades.contains(line) {
                    return Err(D::Error::custom(format_args!(
                        "ARM-2: palisade {line} is listed twice; a line holds at most one"
                    )));
                }
                palisades = palisades.with(line);
            }
            Ok(palisades)
        }
    }

    /// A list of lines, each at most once.
    impl Serialize for Palisades {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.lines())
        }
    }
}

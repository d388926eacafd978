//! Battle lines (AOW-2) and what fills them (AOW-6).

use core::fmt;

use dice_core::{Prob, write_separated};

use crate::dice::{DIE, Face, Roll};

/// One battle line of a castle card.
///
/// ```
/// use age_of_war_rules::dice::{Face, Roll};
/// use age_of_war_rules::line::Line;
///
/// // The spec's infantry example: `5 inf` takes {3, 2}, not {3, 1}.
/// let five = Line::Infantry(5);
/// let three_two = Roll::from_faces(&[Face::Infantry3, Face::Infantry2]).unwrap();
/// let three_one = Roll::from_faces(&[Face::Infantry3, Face::Infantry1]).unwrap();
/// assert_eq!(five.dice_needed(&three_two), Some(2));
/// assert_eq!(five.dice_needed(&three_one), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// Exactly these symbols, one die each (`A`, `C C`, `D`, `A C`, ...).
    Symbols {
        /// Archery dice needed.
        archery: u8,
        /// Cavalry dice needed.
        cavalry: u8,
        /// Daimyo dice needed.
        daimyo: u8,
    },
    /// Infantry dice whose faces total at least this much (`n inf`).
    Infantry(u8),
}

impl Line {
    /// The special daimyo line every castle but Kumamoto carries (AOW-2,
    /// AOW-9).
    pub const SPECIAL: Line = Line::symbols(0, 0, 1);

    /// A symbol line.
    pub const fn symbols(archery: u8, cavalry: u8, daimyo: u8) -> Line {
        Line::Symbols {
            archery,
            cavalry,
            daimyo,
        }
    }

    /// How many dice of `roll` fill this line, placing the fewest possible
    /// (AOW-6: for infantry, largest faces first); `None` if the roll does
    /// not fill it.
    pub const fn dice_needed(&self, roll: &Roll) -> Option<u8> {
        match *self {
            Line::Symbols {
                archery,
                cavalry,
                daimyo,
            } => {
                if roll.count(Face::Archery) >= archery
                    && roll.count(Face::Cavalry) >= cavalry
                    && roll.count(Face::Daimyo) >= daimyo
                {
                    Some(self.fewest_dice())
                } else {
                    None
                }
            }
            Line::Infantry(total) => infantry_dice(total, *roll),
        }
    }

    /// The fewest dice that can ever fill this line: one per symbol, or
    /// threes only for infantry. Saturates for made-up lines no roll fills.
    pub(crate) const fn fewest_dice(self) -> u8 {
        match self {
            Line::Symbols {
                archery,
                cavalry,
                daimyo,
            } => archery.saturating_add(cavalry).saturating_add(daimyo),
            Line::Infantry(total) => total.div_ceil(3),
        }
    }

    /// The most dice a fill ever places on this line (AOW-6 places the
    /// fewest for the roll): one per symbol, or ones only for infantry.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    pub(crate) const fn most_dice(self) -> u8 {
        match self {
            Line::Symbols { .. } => self.fewest_dice(),
            Line::Infantry(total) => total,
        }
    }

    /// The infantry total an infantry line needs; 0 for a symbol line.
    const fn infantry_total(self) -> u8 {
        match self {
            Line::Infantry(total) => total,
            Line::Symbols { .. } => 0,
        }
    }

    /// The exact chance that one roll of `dice` dice fills this line: the
    /// single-roll table of the spec.
    ///
    /// ```
    /// use age_of_war_rules::line::Line;
    ///
    /// // `A` with one die: one face in six.
    /// assert_eq!(Line::symbols(1, 0, 0).fill_chance(1).to_string(), "1/6");
    /// ```
    pub fn fill_chance(&self, dice: u8) -> Prob {
        DIE.roll_outcomes(dice)
            .filter(|(counts, _)| {
                Roll::from_face_counts(counts).is_some_and(|roll| self.dice_needed(&roll).is_some())
            })
            .try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(p))
            .unwrap_or(Prob::ZERO)
    }
}

impl fmt::Display for Line {
    /// The rulebook notation: `A`, `C C`, `A C`, `D`, `5 inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Line::Symbols {
            archery,
            cavalry,
            daimyo,
        } = *self
        else {
            return write!(f, "{} inf", self.infantry_total());
        };
        let symbols = core::iter::repeat_n("A", usize::from(archery))
            .chain(core::iter::repeat_n("C", usize::from(cavalry)))
            .chain(core::iter::repeat_n("D", usize::from(daimyo)));
        write_separated(f, " ", symbols, fmt::Formatter::write_str)
    }
}

/// The fewest infantry dice of `roll` whose faces total `total`, largest
/// faces first (AOW-6); `None` when the roll's infantry falls short.
#[expect(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "i < faces.len() by the loop guard; left > 0 before it drops; used counts dice of one roll, at most seven"
)]
const fn infantry_dice(total: u8, roll: Roll) -> Option<u8> {
    let mut missing = total;
    let mut used = 0u8;
    let faces = [Face::Infantry3, Face::Infantry2, Face::Infantry1];
    let mut i = 0;
    while i < faces.len() {
        let face = faces[i];
        let mut left = roll.count(face);
        while missing > 0 && left > 0 {
            missing = missing.saturating_sub(face.infantry());
            left -= 1;
            used += 1;
        }
        i += 1;
    }
    if missing == 0 { Some(used) } else { None }
}

/// The highest line number a castle can have: the special line 0 plus at
/// most four printed lines.
pub const MAX_LINE: u8 = 4;

/// A set of line numbers of one castle (0 = special daimyo line, `1..=n`
/// printed lines), e.g. the lines filled this turn.
///
/// ```
/// use age_of_war_rules::line::LineSet;
///
/// let mut lines = LineSet::EMPTY;
/// lines.insert(2);
/// lines.insert(0);
/// assert!(lines.contains(2) && !lines.contains(1));
/// assert_eq!(lines.iter().collect::<Vec<_>>(), [0, 2]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LineSet(u8);

impl LineSet {
    /// No line.
    pub const EMPTY: LineSet = LineSet(0);

    const ALL_BITS: u8 = (1 << (MAX_LINE + 1)) - 1;

    /// The set with these bits (bit n = line n); `None` when a bit above
    /// [`MAX_LINE`] is set.
    pub const fn from_bits(bits: u8) -> Option<LineSet> {
        if bits & !Self::ALL_BITS == 0 {
            Some(LineSet(bits))
        } else {
            None
        }
    }

    /// The printed lines `1..=count` of a card, which prints at most
    /// [`MAX_LINE`] lines (AOW-2).
    pub(crate) const fn printed(count: usize) -> LineSet {
        LineSet(match count {
            0 => 0,
            1 => 0b10,
            2 => 0b110,
            3 => 0b1110,
            _ => 0b1_1110,
        })
    }

    /// The same lines and the special daimyo line 0.
    #[must_use]
    pub(crate) const fn with_special(self) -> LineSet {
        LineSet(self.0 | 1)
    }

    /// The bits (bit n = line n).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether line `line` is in the set.
    pub const fn contains(self, line: u8) -> bool {
        line <= MAX_LINE && self.0 & (1 << line) != 0
    }

    /// Adds `line`; line numbers above [`MAX_LINE`] are ignored.
    pub fn insert(&mut self, line: u8) {
        if line <= MAX_LINE {
            self.0 |= 1 << line;
        }
    }

    /// Removes `line`.
    pub fn remove(&mut self, line: u8) {
        *self = self.without_line(line);
    }

    /// The lines in `self` but not in `other`.
    #[must_use]
    pub const fn without(self, other: LineSet) -> LineSet {
        LineSet(self.0 & !other.0)
    }

    /// The same set without line `line`.
    #[must_use]
    pub const fn without_line(self, line: u8) -> LineSet {
        if line <= MAX_LINE {
            LineSet(self.0 & !(1 << line))
        } else {
            self
        }
    }

    /// Whether every line of `other` is in `self`.
    pub const fn is_superset(self, other: LineSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many lines.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The line numbers, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..=MAX_LINE).filter(move |&line| self.contains(line))
    }

    /// Every subset of the set, the empty set first.
    pub fn subsets(self) -> impl Iterator<Item = LineSet> {
        (0..=self.0)
            .filter(move |bits| bits & !self.0 == 0)
            .map(LineSet)
    }
}

impl fmt::Display for LineSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        write_separated(f, ", ", self.iter(), |f, line| write!(f, "{line}"))?;
        f.write_str("}")
    }
}

/// Written as the list of line numbers, e.g. `[0, 2]`.
#[cfg(feature = "serde")]
mod serde_impl {
    use core::fmt;

    use serde::de::{Error as _, SeqAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{LineSet, MAX_LINE};

    /// Reads line numbers one by one, so a hostile list is refused at its
    /// first bad entry without allocating.
    struct LineSetVisitor;

    impl<'de> Visitor<'de> for LineSetVisitor {
        type Value = LineSet;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of distinct line numbers 0 to {MAX_LINE}")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<LineSet, A::Error> {
            let mut set = LineSet::EMPTY;
            while let Some(line) = seq.next_element::<u8>()? {
                if line > MAX_LINE {
                    return Err(A::Error::custom(format_args!(
                        "AOW-2: line {line} does not exist (lines are 0 to {MAX_LINE})"
                    )));
                }
                if set.contains(line) {
                    return Err(A::Error::custom(format_args!(
                        "AOW-6: line {line} is listed twice (a line is filled once a turn)"
                    )));
                }
                set.insert(line);
            }
            Ok(set)
        }
    }

    impl Serialize for LineSet {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.iter())
        }
    }

    impl<'de> Deserialize<'de> for LineSet {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_seq(LineSetVisitor)
        }
    }
}

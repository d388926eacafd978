//! The seven dice (AOW-1) and one roll of them as a multiset.

use core::fmt;

use dice_core::{DiceRng, Die, FaceCounts, write_separated};

/// How many dice a turn starts with (AOW-1, AOW-5).
pub const DICE: u8 = 7;

/// A face of an Age of War die (AOW-1). Each die shows each face once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Face {
    /// One infantry.
    Infantry1,
    /// Two infantry.
    Infantry2,
    /// Three infantry.
    Infantry3,
    /// Archery (`A`).
    Archery,
    /// Cavalry (`C`).
    Cavalry,
    /// Daimyo (`D`).
    Daimyo,
}

impl Face {
    /// Every face, in the canonical order of the record encoding.
    pub const ALL: [Face; 6] = [
        Face::Infantry1,
        Face::Infantry2,
        Face::Infantry3,
        Face::Archery,
        Face::Cavalry,
        Face::Daimyo,
    ];

    /// The face's name in records, e.g. `"infantry3"`.
    pub const fn name(self) -> &'static str {
        match self {
            Face::Infantry1 => "infantry1",
            Face::Infantry2 => "infantry2",
            Face::Infantry3 => "infantry3",
            Face::Archery => "archery",
            Face::Cavalry => "cavalry",
            Face::Daimyo => "daimyo",
        }
    }

    /// The infantry strength this face adds to an infantry line (0 for the
    /// symbol faces).
    pub const fn infantry(self) -> u8 {
        match self {
            Face::Infantry1 => 1,
            Face::Infantry2 => 2,
            Face::Infantry3 => 3,
            Face::Archery | Face::Cavalry | Face::Daimyo => 0,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One Age of War die: six faces, each with probability 1/6 (AOW-1).
pub const DIE: Die<Face, 6> = Die::new(Face::ALL);

/// What the dice in hand show after a roll: how many dice show each face.
///
/// Order does not matter (AOW-6 only counts symbols), so a roll is a
/// multiset; seven dice have 792 distinct rolls. A `Roll` never holds more
/// than [`DICE`] dice.
///
/// ```
/// use age_of_war_rules::dice::{Face, Roll};
///
/// let roll = Roll::from_faces(&[Face::Daimyo, Face::Infantry3, Face::Infantry3]).unwrap();
/// assert_eq!(roll.count(Face::Infantry3), 2);
/// assert_eq!(roll.dice(), 3);
/// assert_eq!(roll.to_string(), "infantry3 infantry3 daimyo");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Roll {
    counts: [u8; 6],
}

impl Roll {
    /// No dice at all.
    pub const EMPTY: Roll = Roll { counts: [0; 6] };

    /// The roll showing these faces (in any order); `None` for more than
    /// [`DICE`] dice.
    pub fn from_faces(faces: &[Face]) -> Option<Roll> {
        if faces.len() > usize::from(DICE) {
            return None;
        }
        let mut counts = [0u8; 6];
        for (count, face) in counts.iter_mut().zip(Face::ALL) {
            *count = u8::try_from(faces.iter().filter(|&&f| f == face).count()).ok()?;
        }
        Some(Roll { counts })
    }

    /// The roll with these counts per face, in [`Face::ALL`] order; `None`
    /// for more than [`DICE`] dice.
    pub fn from_counts(counts: [u8; 6]) -> Option<Roll> {
        let total = counts.iter().try_fold(0u8, |acc, &c| acc.checked_add(c))?;
        (total <= DICE).then_some(Roll { counts })
    }

    /// Counts known to total at most [`DICE`], for const tables.
    pub(crate) const fn from_counts_const(counts: [u8; 6]) -> Roll {
        Roll { counts }
    }

    /// The roll as dice-core face counts over [`DIE`]; `None` for more than
    /// [`DICE`] dice.
    pub fn from_face_counts(counts: &FaceCounts<6>) -> Option<Roll> {
        Roll::from_counts(*counts.counts())
    }

    /// Counts per face, in [`Face::ALL`] order.
    pub const fn counts(&self) -> [u8; 6] {
        self.counts
    }

    /// How many dice show `face`.
    pub const fn count(&self, face: Face) -> u8 {
        let [infantry1, infantry2, infantry3, archery, cavalry, daimyo] = self.counts;
        match face {
            Face::Infantry1 => infantry1,
            Face::Infantry2 => infantry2,
            Face::Infantry3 => infantry3,
            Face::Archery => archery,
            Face::Cavalry => cavalry,
            Face::Daimyo => daimyo,
        }
    }

    /// How many dice were rolled.
    pub const fn dice(&self) -> u8 {
        let [first, second, third, fourth, fifth, sixth] = self.counts;
        first
            .saturating_add(second)
            .saturating_add(third)
            .saturating_add(fourth)
            .saturating_add(fifth)
            .saturating_add(sixth)
    }

    /// Every die's face, in the canonical [`Face::ALL`] order.
    pub fn faces(&self) -> impl Iterator<Item = Face> + '_ {
        Face::ALL
            .iter()
            .zip(self.counts)
            .flat_map(|(&face, count)| core::iter::repeat_n(face, usize::from(count)))
    }
}

impl Roll {
    /// `dice` dice (at most [`DICE`]) rolled one after another: exactly
    /// [`Die::roll_many`] of [`DIE`], the same words drawn for the same
    /// faces (one [`DiceRng::below`]`(6)` a die, rejection included), with
    /// the bound known at compile time.
    pub(crate) fn sample(dice: u8, rng: &mut DiceRng) -> Roll {
        let mut counts = [0u8; 6];
        for _ in 0..dice.min(DICE) {
            let face = loop {
                let word = rng.next_word();
                if word < ACCEPTED {
                    break word % 6;
                }
            };
            if let Some(count) = usize::try_from(face).ok().and_then(|f| counts.get_mut(f)) {
                // At most seven dice: never saturates.
                *count = count.saturating_add(1);
            }
        }
        Roll { counts }
    }
}

/// The words [`DiceRng::below`]`(6)` accepts: those below the largest
/// multiple of 6 that fits in 32 bits.
const ACCEPTED: u32 = u32::MAX / 6 * 6;

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dice() == 0 {
            return f.write_str("no dice");
        }
        write_separated(f, " ", self.faces(), |f, face| write!(f, "{face}"))
    }
}

/// A roll is written as the list of its faces in canonical order, e.g.
/// `["infantry3", "archery", "daimyo"]`, and read from a list in any order.
#[cfg(feature = "serde")]
mod serde_impl {
    use core::fmt;

    use serde::de::{Error as _, SeqAccess, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DICE, Face, Roll};

    impl Serialize for Roll {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.faces())
        }
    }

    /// Keeps the first seven faces and counts the rest, so a hostile list
    /// of any length is read without allocating.
    struct RollVisitor;

    impl<'de> Visitor<'de> for RollVisitor {
        type Value = Roll;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {DICE} faces")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Roll, A::Error> {
            let mut faces = [Face::Infantry1; DICE as usize];
            let mut dice = 0usize;
            while let Some(face) = seq.next_element::<Face>()? {
                if let Some(slot) = faces.get_mut(dice) {
                    *slot = face;
                }
                dice = dice.saturating_add(1);
            }
            faces.get(..dice).and_then(Roll::from_faces).ok_or_else(|| {
                A::Error::custom(format_args!(
                    "AOW-1: a roll has at most {DICE} dice, not {dice}"
                ))
            })
        }
    }

    impl<'de> Deserialize<'de> for Roll {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            deserializer.deserialize_seq(RollVisitor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aow_5_sampled_roll_draws_the_same_faces_and_words_as_roll_many() {
        for seed in 0..200 {
            let mut fast = DiceRng::from_seed_u64(seed);
            let mut reference = DiceRng::from_seed_u64(seed);
            for dice in (0..=DICE).chain((1..=DICE).rev()) {
                let expected = Roll::from_face_counts(&DIE.roll_many(dice, &mut reference));
                assert_eq!(Some(Roll::sample(dice, &mut fast)), expected);
                assert_eq!(fast.word_pos(), reference.word_pos());
            }
        }
    }

    #[test]
    fn aow_5_sampled_roll_accepts_the_words_below_6_accepts() {
        // `below(6)` rejects the four highest words.
        assert_eq!(ACCEPTED, u32::MAX - 3);
        assert_eq!(ACCEPTED % 6, 0);
    }
}

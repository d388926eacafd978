//! A player's dice on the table: how many of each colour show each face
//! (ERA-12).

use core::fmt;

use crate::colour::Colour;
use crate::map::{ByColour, FaceCounts};
use crate::ruleset::Ruleset;
use crate::side::Side;
use crate::symbols::Symbol;

/// How many dice of each [`Colour`] show each face (table D1).
///
/// Written `{"yellow": [2, 0, 1, 0, 0, 0], "gray": [...], "blue": [...],
/// "white": [...]}`: dice per face index, 0 to 5.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(from = "RawDiceCounts", into = "RawDiceCounts")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DiceCounts {
    counts: ByColour<FaceCounts>,
}

impl DiceCounts {
    /// No dice.
    pub const NONE: DiceCounts = DiceCounts {
        counts: ByColour::from_array([FaceCounts::from_array([0; 6]); 4]),
    };

    /// The counts of one colour, by face.
    pub fn colour(&self, colour: Colour) -> &FaceCounts {
        &self.counts[colour]
    }

    /// How many dice of `colour` show face `side`.
    pub fn get(&self, colour: Colour, side: Side) -> u8 {
        self.counts[colour][side]
    }

    /// Every colour with its counts by face.
    pub fn iter(&self) -> impl Iterator<Item = (Colour, &FaceCounts)> + Clone {
        self.counts.iter()
    }

    /// Every (colour, face, dice) with at least one die.
    pub fn dice(&self) -> impl Iterator<Item = (Colour, Side, u8)> + '_ {
        self.counts.iter().flat_map(|(colour, faces)| {
            faces
                .iter()
                .filter(|&(_, &n)| n > 0)
                .map(move |(side, &n)| (colour, side, n))
        })
    }

    /// Adds `n` dice of `colour` showing `side` (at most 255 of a kind).
    pub(crate) fn add(&mut self, colour: Colour, side: Side, n: u8) {
        let c = &mut self.counts[colour][side];
        *c = c.saturating_add(n);
    }

    /// Takes away `n` dice of `colour` showing `side` (as many as there are).
    pub(crate) fn remove(&mut self, colour: Colour, side: Side, n: u8) {
        let c = &mut self.counts[colour][side];
        *c = c.saturating_sub(n);
    }

    /// Takes the dice of `other` away, face by face.
    pub(crate) fn remove_all(&mut self, other: &DiceCounts) {
        for (colour, side, n) in other.dice() {
            self.remove(colour, side, n);
        }
    }

    /// Dice of one colour.
    pub fn dice_of(&self, colour: Colour) -> u8 {
        // At most 24 dice of a colour (`Ruleset::new`): the sum never
        // saturates.
        self.counts[colour]
            .values()
            .fold(0, |n: u8, &faces| n.saturating_add(faces))
    }

    /// Dice per colour.
    pub fn per_colour(&self) -> ByColour<u8> {
        ByColour::from_fn(|c| self.dice_of(c))
    }

    /// Dice in all.
    pub fn total(&self) -> u32 {
        self.counts.values().map(FaceCounts::total).sum()
    }

    /// Whether no die is counted.
    pub fn is_empty(&self) -> bool {
        self.counts.values().all(|f| !f.any())
    }

    /// The number of `symbol`s showing, under `ruleset`'s faces.
    pub fn symbols(&self, ruleset: &Ruleset, symbol: Symbol) -> u32 {
        let mut total = 0u32;
        for (colour, faces) in self.counts.iter() {
            for (side, &n) in faces.iter() {
                if n > 0 {
                    let each = u32::from(ruleset.face(colour, side).count(symbol));
                    total = total.saturating_add(u32::from(n).saturating_mul(each));
                }
            }
        }
        total
    }

    /// How many outcomes a roll of `dice[colour]` dice of each colour would
    /// have as one multiset per colour combined: the product of `C(n + 5, 5)`
    /// over the colours. (The engine resolves the colours one at a time.)
    pub fn outcome_count(dice: ByColour<u8>) -> u128 {
        dice.values().fold(1u128, |acc, &n| {
            // (n + 1) … (n + 5) / 5!: five factors below 261 fit easily.
            let k = u128::from(n);
            let product = (1..=5u128).fold(1u128, |a, i| a.saturating_mul(k.saturating_add(i)));
            acc.saturating_mul(product / 120)
        })
    }

    /// The dice written with `ruleset`'s faces: `yellow: FF H KF | gray: XX`.
    pub fn text(&self, ruleset: &Ruleset) -> alloc::string::String {
        use core::fmt::Write;
        let mut s = alloc::string::String::new();
        for (colour, faces) in self.counts.iter() {
            if !faces.any() {
                continue;
            }
            if !s.is_empty() {
                s.push_str(" | ");
            }
            let _ = write!(s, "{colour}:");
            for (side, &n) in faces.iter() {
                for _ in 0..n {
                    let _ = write!(s, " {}", ruleset.face(colour, side));
                }
            }
        }
        if s.is_empty() {
            s.push_str("no dice");
        }
        s
    }
}

impl fmt::Display for DiceCounts {
    /// `yellow: 1 1 3 | gray: 2`: each die's face number (1 to 6), by
    /// colour.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (colour, faces) in self.counts.iter() {
            if !faces.any() {
                continue;
            }
            if !first {
                f.write_str(" | ")?;
            }
            first = false;
            write!(f, "{colour}:")?;
            for (side, &n) in faces.iter() {
                for _ in 0..n {
                    write!(f, " {}", side.number())?;
                }
            }
        }
        if first {
            f.write_str("no dice")?;
        }
        Ok(())
    }
}

/// The serialised form of [`DiceCounts`]: one array per colour.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawDiceCounts {
    yellow: FaceCounts,
    gray: FaceCounts,
    blue: FaceCounts,
    white: FaceCounts,
}

#[cfg(feature = "serde")]
impl From<RawDiceCounts> for DiceCounts {
    fn from(raw: RawDiceCounts) -> Self {
        DiceCounts {
            counts: ByColour::from_array([raw.yellow, raw.gray, raw.blue, raw.white]),
        }
    }
}

#[cfg(feature = "serde")]
impl From<DiceCounts> for RawDiceCounts {
    fn from(d: DiceCounts) -> Self {
        let [yellow, gray, blue, white] = *d.counts.as_array();
        RawDiceCounts {
            yellow,
            gray,
            blue,
            white,
        }
    }
}

//! A player's dice: how many of each colour show each face (ERA-12), and a
//! roll of several colours as one multiset outcome.

use core::fmt;

use crate::Ruleset;
use crate::symbols::{Colour, Symbol};

/// How many dice of each [`Colour`] show each face index (0 to 5, the
/// columns of table D1).
///
/// Used for a player's dice on the table and for the outcome of a roll; as
/// a roll it is written `{"yellow": [2, 0, 1, 0, 0, 0], "gray": [...],
/// "blue": [...], "white": [...]}`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct DiceCounts {
    /// Yellow dice per face.
    pub yellow: [u8; 6],
    /// Gray dice per face.
    pub gray: [u8; 6],
    /// Blue dice per face.
    pub blue: [u8; 6],
    /// White dice per face.
    pub white: [u8; 6],
}

impl DiceCounts {
    /// The counts of one colour.
    pub fn colour(&self, colour: Colour) -> &[u8; 6] {
        match colour {
            Colour::Yellow => &self.yellow,
            Colour::Gray => &self.gray,
            Colour::Blue => &self.blue,
            Colour::White => &self.white,
        }
    }

    pub(crate) fn colour_mut(&mut self, colour: Colour) -> &mut [u8; 6] {
        match colour {
            Colour::Yellow => &mut self.yellow,
            Colour::Gray => &mut self.gray,
            Colour::Blue => &mut self.blue,
            Colour::White => &mut self.white,
        }
    }

    /// How many dice of `colour` show face `face`.
    pub fn get(&self, colour: Colour, face: u8) -> u8 {
        self.colour(colour)
            .get(usize::from(face))
            .copied()
            .unwrap_or(0)
    }

    pub(crate) fn add(&mut self, colour: Colour, face: u8, n: u8) {
        if let Some(c) = self.colour_mut(colour).get_mut(usize::from(face)) {
            *c = c.saturating_add(n);
        }
    }

    pub(crate) fn remove(&mut self, colour: Colour, face: u8, n: u8) {
        if let Some(c) = self.colour_mut(colour).get_mut(usize::from(face)) {
            *c = c.saturating_sub(n);
        }
    }

    /// Dice of one colour.
    pub fn dice_of(&self, colour: Colour) -> u8 {
        self.colour(colour)
            .iter()
            .fold(0u8, |a, &c| a.saturating_add(c))
    }

    /// Dice per colour.
    pub fn per_colour(&self) -> [u8; 4] {
        Colour::ALL.map(|c| self.dice_of(c))
    }

    /// Dice in all.
    pub fn total(&self) -> u32 {
        Colour::ALL
            .iter()
            .map(|&c| u32::from(self.dice_of(c)))
            .sum()
    }

    /// The number of `symbol`s showing, under `ruleset`'s faces.
    #[expect(
        clippy::arithmetic_side_effects,
        reason = "24 terms of at most 255 * 255 each: below 1.6 million"
    )]
    pub fn symbols(&self, ruleset: &Ruleset, symbol: Symbol) -> u32 {
        let mut n = 0;
        for colour in Colour::ALL {
            for (face, &count) in self.colour(colour).iter().enumerate() {
                n += u32::from(count) * u32::from(ruleset.face(colour, face).count(symbol));
            }
        }
        n
    }

    /// How many outcomes a roll of `dice[colour]` dice of each colour would
    /// have as one multiset per colour combined: the product of `C(n + 5, 5)`
    /// over the colours. (The engine resolves the colours one at a time.)
    pub fn outcome_count(dice: [u8; 4]) -> u128 {
        dice.iter().fold(1u128, |acc, &n| {
            let k = u128::from(n);
            #[expect(
                clippy::arithmetic_side_effects,
                reason = "k <= 255 and i in 1..=5: every partial product is below 260^5 < 2^41"
            )]
            let outcomes = (1..=5u128).fold(1, |a, i| a * (k + i) / i);
            acc.saturating_mul(outcomes)
        })
    }
}

impl fmt::Display for DiceCounts {
    /// `yellow: FF FF H | gray: XX`: each die's face, by colour.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for colour in Colour::ALL {
            if self.dice_of(colour) == 0 {
                continue;
            }
            if !first {
                f.write_str(" | ")?;
            }
            first = false;
            write!(f, "{colour}:")?;
            for (face, &n) in (0u8..).zip(self.colour(colour)) {
                for _ in 0..n {
                    write!(f, " {}", crate::action::number(face))?;
                }
            }
        }
        if first {
            f.write_str("no dice")?;
        }
        Ok(())
    }
}

impl DiceCounts {
    /// The dice written with `ruleset`'s faces: `yellow: FF H KF | gray: XX`.
    pub fn text(&self, ruleset: &Ruleset) -> alloc::string::String {
        use core::fmt::Write;
        let mut s = alloc::string::String::new();
        for colour in Colour::ALL {
            if self.dice_of(colour) == 0 {
                continue;
            }
            if !s.is_empty() {
                s.push_str(" | ");
            }
            let _ = write!(s, "{colour}:");
            for (face, &n) in self.colour(colour).iter().enumerate() {
                for _ in 0..n {
                    let _ = write!(s, " {}", ruleset.face(colour, face));
                }
            }
        }
        if s.is_empty() {
            s.push_str("no dice");
        }
        s
    }
}

//! One die face: the symbols it shows (table D1), or for a choice face
//! `A | B` two sets of which its owner collects one (ERA-15); and the
//! letter strings faces and costs are written in.

use core::fmt;

use crate::map::{ByResource, BySymbol};
use crate::symbols::{Resource, Symbol};

/// Which set of a choice face `A | B` a die yields (ERA-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ChoiceSet {
    /// The set before the bar.
    A,
    /// The set after the bar.
    B,
}

impl ChoiceSet {
    /// Both, `A` first.
    pub const ALL: [ChoiceSet; 2] = [ChoiceSet::A, ChoiceSet::B];
}

impl fmt::Display for ChoiceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChoiceSet::A => "a",
            ChoiceSet::B => "b",
        })
    }
}

/// One die face: the symbols it shows.
///
/// A **choice face** (`"FF|S"`, table D1) shows one of two sets, chosen by
/// its owner at Collect (ERA-15). Its sets hold only resources and culture,
/// so for every other purpose (skulls, hammers, swords, shields, feathers)
/// it shows nothing.
///
/// ```
/// use era_rules::{ChoiceSet, Face, Symbol};
///
/// let face: Face = "K F".parse().unwrap();
/// assert_eq!(face.count(Symbol::Skull), 1);
/// assert_eq!(face.count(Symbol::Food), 1);
/// assert_eq!(face.to_string(), "FK");
///
/// let choice: Face = "FF | S".parse().unwrap();
/// assert!(choice.is_choice());
/// assert_eq!(choice.yields(ChoiceSet::B).to_string(), "S");
/// assert_eq!(choice.count(Symbol::Food), 0, "food only if chosen");
/// assert_eq!(choice.to_string(), "FF|S");
/// assert!("KF|S".parse::<Face>().is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Face {
    first: BySymbol<u8>,
    second: Option<BySymbol<u8>>,
}

impl Face {
    /// How many times `symbol` is on this face whatever its owner chooses:
    /// for a choice face, the count both sets share.
    pub fn count(&self, symbol: Symbol) -> u8 {
        match self.second {
            None => self.first[symbol],
            Some(second) => self.first[symbol].min(second[symbol]),
        }
    }

    /// Whether the face shows a skull (the die is locked, ERA-12).
    pub fn is_skull(&self) -> bool {
        self.count(Symbol::Skull) > 0
    }

    /// Whether the face shows a feather (ERA-13).
    pub fn is_feather(&self) -> bool {
        self.count(Symbol::Feather) > 0
    }

    /// Whether this is a choice face `A | B`.
    pub fn is_choice(&self) -> bool {
        self.second.is_some()
    }

    /// What the face yields with this set chosen: for a choice face, set A
    /// or B as a face of its own; any other face yields itself.
    #[must_use]
    pub fn yields(&self, set: ChoiceSet) -> Face {
        let symbols = match (set, self.second) {
            (ChoiceSet::B, Some(second)) => second,
            _ => self.first,
        };
        Face {
            first: symbols,
            second: None,
        }
    }

    /// The resources this face yields at Collect, whatever the choice.
    pub fn resources(&self) -> ByResource<u8> {
        ByResource::from_fn(|r| self.count(r.symbol()))
    }
}

/// A face or cost string that is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseFaceError {
    /// A character that is no symbol letter.
    Letter(char),
    /// More of one symbol than a face holds (255).
    TooMany(char),
    /// A symbol in a cost or income, which hold resources only.
    NotAResource(char),
    /// A symbol other than a resource or culture in a set of a choice
    /// face.
    ChoiceSymbol(char),
    /// A choice face whose sets are empty, the same, or more than two.
    ChoiceSets,
}

impl fmt::Display for ParseFaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFaceError::Letter(c) => write!(
                f,
                "'{c}' is not a symbol letter (G S W F C H X D Q K, and | for a choice face)"
            ),
            ParseFaceError::TooMany(c) => write!(f, "too many '{c}'"),
            ParseFaceError::NotAResource(c) => {
                write!(f, "'{c}' is not a resource letter (G S W F)")
            }
            ParseFaceError::ChoiceSymbol(c) => write!(
                f,
                "'{c}' in a choice face: its sets hold only resources and culture (D1)"
            ),
            ParseFaceError::ChoiceSets => {
                f.write_str("a choice face `A | B` has two sets, each not empty, not the same")
            }
        }
    }
}

impl core::error::Error for ParseFaceError {}

/// Letters `G S W F C H X D Q K`, one per symbol; spaces are ignored.
fn symbols(s: &str) -> Result<BySymbol<u8>, ParseFaceError> {
    let mut counts = BySymbol::<u8>::default();
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        let symbol = Symbol::from_letter(c).ok_or(ParseFaceError::Letter(c))?;
        let n = &mut counts[symbol];
        *n = n.checked_add(1).ok_or(ParseFaceError::TooMany(c))?;
    }
    Ok(counts)
}

impl core::str::FromStr for Face {
    type Err = ParseFaceError;

    /// Letters `G S W F C H X D Q K`, one per symbol, spaces ignored; a
    /// choice face is two sets of resources and culture around a bar,
    /// `FF | S`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((a, b)) = s.split_once('|') else {
            return Ok(Face {
                first: symbols(s)?,
                second: None,
            });
        };
        let (first, second) = (symbols(a)?, symbols(b)?);
        if let Some(c) = s.chars().find(|&c| {
            Symbol::from_letter(c)
                .is_some_and(|s| Resource::of(s).is_none() && s != Symbol::Culture)
        }) {
            return Err(ParseFaceError::ChoiceSymbol(c));
        }
        let empty = |set: &BySymbol<u8>| !set.any();
        if b.contains('|') || empty(&first) || empty(&second) || first == second {
            return Err(ParseFaceError::ChoiceSets);
        }
        Ok(Face {
            first,
            second: Some(second),
        })
    }
}

fn write_symbols(f: &mut fmt::Formatter<'_>, set: &BySymbol<u8>) -> fmt::Result {
    for (s, &n) in set.iter() {
        for _ in 0..n {
            write!(f, "{}", s.letter())?;
        }
    }
    Ok(())
}

impl fmt::Display for Face {
    /// The letters in the order of [`Symbol::ALL`], `A|B` for a choice face;
    /// `-` for a blank face.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.first.any() {
            return f.write_str("-");
        }
        write_symbols(f, &self.first)?;
        if let Some(second) = &self.second {
            f.write_str("|")?;
            write_symbols(f, second)?;
        }
        Ok(())
    }
}

/// Parses a cost or income string (`"GSW"`): one letter per resource unit.
pub(crate) fn parse_resources(s: &str) -> Result<ByResource<u8>, ParseFaceError> {
    if s.contains('|') {
        return Err(ParseFaceError::NotAResource('|'));
    }
    let face: Face = s.parse()?;
    let not_a_resource = s
        .chars()
        .find(|&c| Symbol::from_letter(c).is_some_and(|sym| Resource::of(sym).is_none()));
    match not_a_resource {
        Some(c) => Err(ParseFaceError::NotAResource(c)),
        None => Ok(face.resources()),
    }
}

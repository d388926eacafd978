//! One die face: the symbols it shows (table D1), and the letter strings
//! faces and costs are written in.

use core::fmt;

use crate::map::{ByResource, BySymbol};
use crate::symbols::{Resource, Symbol};

/// One die face: how many of each symbol it shows.
///
/// ```
/// use era_rules::{Face, Symbol};
///
/// let face: Face = "K F".parse().unwrap();
/// assert_eq!(face.count(Symbol::Skull), 1);
/// assert_eq!(face.count(Symbol::Food), 1);
/// assert_eq!(face.to_string(), "FK");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Face {
    counts: BySymbol<u8>,
}

impl Face {
    /// How many times `symbol` appears on this face.
    pub fn count(&self, symbol: Symbol) -> u8 {
        self.counts[symbol]
    }

    /// Whether the face shows a skull (the die is locked, ERA-12).
    pub fn is_skull(&self) -> bool {
        self.count(Symbol::Skull) > 0
    }

    /// Whether the face shows a feather (ERA-13).
    pub fn is_feather(&self) -> bool {
        self.count(Symbol::Feather) > 0
    }

    /// The resources this face yields at Collect.
    pub fn resources(&self) -> ByResource<u8> {
        ByResource::from_fn(|r| self.count(r.symbol()))
    }
}

/// A string of symbol letters that is not valid: the first letter at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSymbolsError(pub char);

impl fmt::Display for ParseSymbolsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a symbol letter (G S W F C H X D Q K)",
            self.0
        )
    }
}

impl core::error::Error for ParseSymbolsError {}

impl core::str::FromStr for Face {
    type Err = ParseSymbolsError;

    /// Letters `G S W F C H X D Q K`, one per symbol; spaces are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut counts = BySymbol::<u8>::default();
        for c in s.chars().filter(|c| !c.is_whitespace()) {
            let symbol = Symbol::from_letter(c).ok_or(ParseSymbolsError(c))?;
            let n = &mut counts[symbol];
            *n = n.checked_add(1).ok_or(ParseSymbolsError(c))?;
        }
        Ok(Face { counts })
    }
}

impl fmt::Display for Face {
    /// The letters in the order of [`Symbol::ALL`]; `-` for a blank face.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.counts.values().any(|&c| c > 0) {
            return f.write_str("-");
        }
        for (s, &n) in self.counts.iter() {
            for _ in 0..n {
                write!(f, "{}", s.letter())?;
            }
        }
        Ok(())
    }
}

/// Parses a cost or income string (`"GSW"`): one letter per resource unit.
pub(crate) fn parse_resources(s: &str) -> Result<ByResource<u8>, ParseSymbolsError> {
    let face: Face = s.parse()?;
    let not_a_resource = s
        .chars()
        .find(|&c| Symbol::from_letter(c).is_some_and(|sym| Resource::of(sym).is_none()));
    match not_a_resource {
        Some(c) => Err(ParseSymbolsError(c)),
        None => Ok(face.resources()),
    }
}

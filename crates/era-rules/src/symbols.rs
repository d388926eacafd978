//! The symbols on the dice (table D1), the four resources and the four die
//! colours (ERA-2).

use core::fmt;

/// A symbol printed on a die face (table D1), with its letter in the
/// ruleset's face strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// `G`: one trade good.
    Goods,
    /// `S`: one stone.
    Stone,
    /// `W`: one wood.
    Wood,
    /// `F`: one food.
    Food,
    /// `C`: one culture point.
    Culture,
    /// `H`: one hammer: one piece built (ERA-18).
    Hammer,
    /// `X`: one sword (ERA-6, ERA-20).
    Sword,
    /// `D`: one shield (ERA-20).
    Shield,
    /// `Q`: a feather: a re-roll of this white die (ERA-13).
    Feather,
    /// `K`: a skull: locks the die (ERA-12) and counts for disasters (ERA-17).
    Skull,
}

impl Symbol {
    /// Every symbol, in the order of [`Face`]'s counts.
    pub const ALL: [Symbol; 10] = [
        Symbol::Goods,
        Symbol::Stone,
        Symbol::Wood,
        Symbol::Food,
        Symbol::Culture,
        Symbol::Hammer,
        Symbol::Sword,
        Symbol::Shield,
        Symbol::Feather,
        Symbol::Skull,
    ];

    /// The letter used in face and cost strings.
    pub const fn letter(self) -> char {
        match self {
            Symbol::Goods => 'G',
            Symbol::Stone => 'S',
            Symbol::Wood => 'W',
            Symbol::Food => 'F',
            Symbol::Culture => 'C',
            Symbol::Hammer => 'H',
            Symbol::Sword => 'X',
            Symbol::Shield => 'D',
            Symbol::Feather => 'Q',
            Symbol::Skull => 'K',
        }
    }

    /// The symbol with this letter.
    pub fn from_letter(c: char) -> Option<Symbol> {
        Symbol::ALL.into_iter().find(|s| s.letter() == c)
    }
}

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
    counts: [u8; 10],
}

impl Face {
    /// How many times `symbol` appears on this face.
    pub fn count(&self, symbol: Symbol) -> u8 {
        self.counts.get(symbol as usize).copied().unwrap_or(0)
    }

    /// Whether the face shows a skull (the die is locked, ERA-12).
    pub fn is_skull(&self) -> bool {
        self.count(Symbol::Skull) > 0
    }

    /// Whether the face shows a feather (ERA-13).
    pub fn is_feather(&self) -> bool {
        self.count(Symbol::Feather) > 0
    }

    /// The resources this face yields at Collect, by [`Resource`].
    pub fn resources(&self) -> [u8; 4] {
        Resource::ALL.map(|r| self.count(r.symbol()))
    }
}

/// A string of symbol letters that is not valid.
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

impl core::str::FromStr for Face {
    type Err = ParseSymbolsError;

    /// Letters `G S W F C H X D Q K`, one per symbol; spaces are ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut counts = [0u8; 10];
        for c in s.chars().filter(|c| !c.is_whitespace()) {
            let symbol = Symbol::from_letter(c).ok_or(ParseSymbolsError(c))?;
            if let Some(n) = counts.get_mut(symbol as usize) {
                *n = n.checked_add(1).ok_or(ParseSymbolsError(c))?;
            }
        }
        Ok(Face { counts })
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.counts.iter().all(|&c| c == 0) {
            return f.write_str("-");
        }
        for s in Symbol::ALL {
            for _ in 0..self.count(s) {
                write!(f, "{}", s.letter())?;
            }
        }
        Ok(())
    }
}

/// A resource with a track on the player board (ERA-1), in the tie-break
/// order of ERA-28.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Resource {
    /// Trade goods.
    Goods,
    /// Stone.
    Stone,
    /// Wood.
    Wood,
    /// Food.
    Food,
}

impl Resource {
    /// All four, in tie-break order (ERA-28).
    pub const ALL: [Resource; 4] = [
        Resource::Goods,
        Resource::Stone,
        Resource::Wood,
        Resource::Food,
    ];

    /// The dice symbol that yields it.
    pub const fn symbol(self) -> Symbol {
        match self {
            Resource::Goods => Symbol::Goods,
            Resource::Stone => Symbol::Stone,
            Resource::Wood => Symbol::Wood,
            Resource::Food => Symbol::Food,
        }
    }

    /// Its name in records.
    pub const fn name(self) -> &'static str {
        match self {
            Resource::Goods => "goods",
            Resource::Stone => "stone",
            Resource::Wood => "wood",
            Resource::Food => "food",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A die colour (ERA-1, ERA-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Colour {
    /// Peasant dice, carried by Longhouses.
    Yellow,
    /// Noble dice, carried by Keeps.
    Gray,
    /// Burgher dice, carried by Townhouses.
    Blue,
    /// Clergy dice, carried by Churches.
    White,
}

impl Colour {
    /// All four, in the order of every per-colour array of this crate.
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Gray, Colour::Blue, Colour::White];

    /// Its name in records.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Gray => "gray",
            Colour::Blue => "blue",
            Colour::White => "white",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Parses a cost or income string (`"GSW"`): one letter per resource unit.
pub(crate) fn parse_resources(s: &str) -> Result<[u8; 4], ParseSymbolsError> {
    let face: Face = s.parse()?;
    let other = Symbol::ALL
        .into_iter()
        .find(|&sym| face.count(sym) > 0 && !Resource::ALL.iter().any(|r| r.symbol() == sym));
    if let Some(sym) = other {
        return Err(ParseSymbolsError(sym.letter()));
    }
    Ok(face.resources())
}

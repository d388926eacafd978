//! The symbols printed on the dice (table D1) and the four resources with a
//! track on the player board (ERA-1).

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
    /// Every symbol, in the order faces write them.
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

/// A resource with a track on the player board (ERA-1), in the tie-break
/// order of ERA-28.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

    /// The resource a dice symbol yields, if any.
    pub const fn of(symbol: Symbol) -> Option<Resource> {
        match symbol {
            Symbol::Goods => Some(Resource::Goods),
            Symbol::Stone => Some(Resource::Stone),
            Symbol::Wood => Some(Resource::Wood),
            Symbol::Food => Some(Resource::Food),
            _ => None,
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

crate::display_name::display_name!(Resource);

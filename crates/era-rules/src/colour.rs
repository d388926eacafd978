//! The four die colours (ERA-1, ERA-2).

/// A die colour (ERA-1, ERA-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
    /// All four, in the order a roll resolves them and maps list them.
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

crate::display_name::display_name!(Colour);

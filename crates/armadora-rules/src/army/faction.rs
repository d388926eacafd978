//! Factions (ARM-4) and their power tokens (ARM-15).

use core::fmt;

/// A faction (ARM-4); only the advanced powers tell them apart (ARM-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Faction {
    /// Extra palisade.
    Orc,
    /// Extra face-up warrior.
    Goblin,
    /// Arrows.
    Elf,
    /// Looks at a hidden warrior.
    Mage,
}

impl Faction {
    /// All four, in the default seat order.
    pub const ALL: [Faction; 4] = [Faction::Orc, Faction::Goblin, Faction::Elf, Faction::Mage];

    /// Power tokens at setup in the advanced game (ARM-15).
    pub const fn power_tokens(self) -> u8 {
        match self {
            Faction::Mage | Faction::Elf => 2,
            Faction::Orc | Faction::Goblin => 1,
        }
    }

    /// One letter for boards drawn in text: `O`, `G`, `E`, `M`.
    pub const fn letter(self) -> char {
        self.names().1
    }

    /// The faction's name in lower case, as records and the text notation
    /// write it.
    pub const fn name(self) -> &'static str {
        self.names().0
    }

    /// Both spellings of the faction, its name and its letter, in one table.
    const fn names(self) -> (&'static str, char) {
        match self {
            Faction::Orc => ("orc", 'O'),
            Faction::Goblin => ("goblin", 'G'),
            Faction::Elf => ("elf", 'E'),
            Faction::Mage => ("mage", 'M'),
        }
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

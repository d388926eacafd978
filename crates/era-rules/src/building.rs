//! The building types of table D3, and which carry a die (ERA-2).

use crate::colour::Colour;

/// A building type (table D3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum BuildingKind {
    /// Carries a gray die; counts as wall for ERA-9.
    Keep,
    /// Carries a yellow die.
    Longhouse,
    /// Carries a blue die.
    Townhouse,
    /// Carries a white die.
    Church,
    /// Food at Collect.
    Farm,
    /// Wood at Collect.
    LumberMill,
    /// Bonus per empty domain cell.
    Market,
    /// Protects against Disease.
    Hospital,
    /// Bonus per resource left.
    Guildhall,
    /// Sets dice (ERA-14).
    Monastery,
    /// Bonus per culture point.
    University,
    /// Bonus per die owned.
    Cathedral,
}

impl BuildingKind {
    /// Every type, in the order of table D3.
    pub const ALL: [BuildingKind; 12] = [
        BuildingKind::Keep,
        BuildingKind::Longhouse,
        BuildingKind::Townhouse,
        BuildingKind::Church,
        BuildingKind::Farm,
        BuildingKind::LumberMill,
        BuildingKind::Market,
        BuildingKind::Hospital,
        BuildingKind::Guildhall,
        BuildingKind::Monastery,
        BuildingKind::University,
        BuildingKind::Cathedral,
    ];

    /// Its name in records and rulesets.
    pub const fn name(self) -> &'static str {
        match self {
            BuildingKind::Keep => "keep",
            BuildingKind::Longhouse => "longhouse",
            BuildingKind::Townhouse => "townhouse",
            BuildingKind::Church => "church",
            BuildingKind::Farm => "farm",
            BuildingKind::LumberMill => "lumber_mill",
            BuildingKind::Market => "market",
            BuildingKind::Hospital => "hospital",
            BuildingKind::Guildhall => "guildhall",
            BuildingKind::Monastery => "monastery",
            BuildingKind::University => "university",
            BuildingKind::Cathedral => "cathedral",
        }
    }

    /// The die colour this building carries (ERA-2), if any.
    pub const fn die(self) -> Option<Colour> {
        match self {
            BuildingKind::Longhouse => Some(Colour::Yellow),
            BuildingKind::Keep => Some(Colour::Gray),
            BuildingKind::Townhouse => Some(Colour::Blue),
            BuildingKind::Church => Some(Colour::White),
            _ => None,
        }
    }

    /// Whether it scores a bonus per unit at the end (ERA-24).
    pub const fn has_bonus(self) -> bool {
        matches!(
            self,
            BuildingKind::Market
                | BuildingKind::Guildhall
                | BuildingKind::University
                | BuildingKind::Cathedral
        )
    }

    /// The one-letter mark of [`Domain`](crate::Domain)'s text drawing.
    pub const fn letter(self) -> char {
        match self {
            BuildingKind::Keep => 'K',
            BuildingKind::Longhouse => 'L',
            BuildingKind::Townhouse => 'T',
            BuildingKind::Church => 'C',
            BuildingKind::Farm => 'F',
            BuildingKind::LumberMill => 'M',
            BuildingKind::Market => 'R',
            BuildingKind::Hospital => 'H',
            BuildingKind::Guildhall => 'G',
            BuildingKind::Monastery => 'O',
            BuildingKind::University => 'U',
            BuildingKind::Cathedral => 'A',
        }
    }
}

impl Colour {
    /// The building type that carries this colour (ERA-2).
    pub const fn carrier(self) -> BuildingKind {
        match self {
            Colour::Yellow => BuildingKind::Longhouse,
            Colour::Gray => BuildingKind::Keep,
            Colour::Blue => BuildingKind::Townhouse,
            Colour::White => BuildingKind::Church,
        }
    }
}

crate::display_name::display_name!(BuildingKind);

//! The plain data of a ruleset: tables D1–D7 as a user writes and corrects
//! them (JSON with the `serde` feature).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::building::BuildingKind;
use crate::colour::Colour;
use crate::symbols::Resource;
use crate::table::TableSize;

/// The dice faces of table D1, as symbol letters (`"KF"`), six per colour.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct DiceSpec {
    /// The peasant die.
    pub yellow: Vec<String>,
    /// The noble die.
    pub gray: Vec<String>,
    /// The burgher die.
    pub blue: Vec<String>,
    /// The clergy die.
    pub white: Vec<String>,
}

impl DiceSpec {
    /// The faces of one colour.
    pub fn get(&self, colour: Colour) -> &[String] {
        match colour {
            Colour::Yellow => &self.yellow,
            Colour::Gray => &self.gray,
            Colour::Blue => &self.blue,
            Colour::White => &self.white,
        }
    }
}

/// One row of table D3.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct BuildingSpec {
    /// How many are in the game, at most 100 (24 for the Keep, Longhouse,
    /// Townhouse and Church, which each carry a die).
    pub count: i64,
    /// The cost as resource letters `G S W F` (`"GSW"`).
    pub cost: String,
    /// End-of-game points (ERA-23).
    pub points: i64,
    /// The shape: rows of `#` (cell) and `.` (no cell), at most 5 × 5,
    /// connected.
    pub shape: Vec<String>,
    /// Resources gained at Collect per copy (ERA-15), as letters; `""` for
    /// none.
    #[cfg_attr(feature = "serde", serde(default))]
    pub income: String,
    /// Bonus points per unit (ERA-24): Market per empty cell (which ones:
    /// `empty_cells`), Guildhall per resource left, University per culture
    /// point, Cathedral per die; 0 for every other building.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus: i64,
    /// Which empty cells a bonus per empty cell counts (the Market's,
    /// ERA-24): left out, those adjacent to the building (revision 4).
    /// Only the Market's row may say otherwise.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "EmptyCells::is_adjacent")
    )]
    pub empty_cells: EmptyCells,
}

/// Which empty cells of a domain a Market's bonus counts (ERA-24, D3): a
/// single source, so a player holding the printed table can switch it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EmptyCells {
    /// The empty cells orthogonally adjacent to this building (ERA-8),
    /// each copy counting its own (revision 4: "one point per adjacent
    /// empty space").
    #[default]
    Adjacent,
    /// Every empty cell of the owner's domain, the same for each copy
    /// (revision 3).
    Domain,
}

impl EmptyCells {
    /// Whether this is the revision-4 reading, which a ruleset's JSON
    /// leaves out.
    pub fn is_adjacent(&self) -> bool {
        *self == EmptyCells::Adjacent
    }
}

/// Table D3, one field per building type.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct BuildingsSpec {
    /// The keep row.
    pub keep: BuildingSpec,
    /// The longhouse row.
    pub longhouse: BuildingSpec,
    /// The townhouse row.
    pub townhouse: BuildingSpec,
    /// The church row.
    pub church: BuildingSpec,
    /// The farm row.
    pub farm: BuildingSpec,
    /// The lumber mill row.
    pub lumber_mill: BuildingSpec,
    /// The market row.
    pub market: BuildingSpec,
    /// The hospital row.
    pub hospital: BuildingSpec,
    /// The guildhall row.
    pub guildhall: BuildingSpec,
    /// The monastery row.
    pub monastery: BuildingSpec,
    /// The university row.
    pub university: BuildingSpec,
    /// The cathedral row.
    pub cathedral: BuildingSpec,
}

impl BuildingsSpec {
    /// The row of one building type.
    pub fn get(&self, kind: BuildingKind) -> &BuildingSpec {
        match kind {
            BuildingKind::Keep => &self.keep,
            BuildingKind::Longhouse => &self.longhouse,
            BuildingKind::Townhouse => &self.townhouse,
            BuildingKind::Church => &self.church,
            BuildingKind::Farm => &self.farm,
            BuildingKind::LumberMill => &self.lumber_mill,
            BuildingKind::Market => &self.market,
            BuildingKind::Hospital => &self.hospital,
            BuildingKind::Guildhall => &self.guildhall,
            BuildingKind::Monastery => &self.monastery,
            BuildingKind::University => &self.university,
            BuildingKind::Cathedral => &self.cathedral,
        }
    }

    /// The row of one building type, to correct it.
    pub fn get_mut(&mut self, kind: BuildingKind) -> &mut BuildingSpec {
        match kind {
            BuildingKind::Keep => &mut self.keep,
            BuildingKind::Longhouse => &mut self.longhouse,
            BuildingKind::Townhouse => &mut self.townhouse,
            BuildingKind::Church => &mut self.church,
            BuildingKind::Farm => &mut self.farm,
            BuildingKind::LumberMill => &mut self.lumber_mill,
            BuildingKind::Market => &mut self.market,
            BuildingKind::Hospital => &mut self.hospital,
            BuildingKind::Guildhall => &mut self.guildhall,
            BuildingKind::Monastery => &mut self.monastery,
            BuildingKind::University => &mut self.university,
            BuildingKind::Cathedral => &mut self.cathedral,
        }
    }
}

/// How many walls of one length there are (table D4).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct WallSpec {
    /// Cells in a row, 1 to 8.
    pub length: i64,
    /// How many are in the game.
    pub count: i64,
}

impl WallSpec {
    /// `count` walls of `length` cells.
    pub fn new(length: i64, count: i64) -> Self {
        WallSpec { length, count }
    }
}

/// Table D4.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct WallsSpec {
    /// One entry per length; lengths not listed do not exist.
    pub counts: Vec<WallSpec>,
    /// Stone paid per wall cell.
    pub stone_per_cell: i64,
}

/// A number for 2, 3 and 4 players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ByPlayers {
    /// With 2 players.
    pub two: i64,
    /// With 3 players.
    pub three: i64,
    /// With 4 players.
    pub four: i64,
}

impl ByPlayers {
    /// The number for this table size.
    pub fn get(&self, table: TableSize) -> i64 {
        match table {
            TableSize::Two => self.two,
            TableSize::Three => self.three,
            TableSize::Four => self.four,
        }
    }
}

/// The supply (ERA-1, ERA-3).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct SupplySpec {
    /// Scorched areas in the game.
    pub scorched: i64,
    /// Tracking tokens in play (at least 1).
    pub tracking_tokens: ByPlayers,
    /// Buildings of each type returned to the box with 2 players.
    pub two_player_removed: i64,
}

/// Setup (ERA-4, table D6).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct StartSpec {
    /// Starting resources, as letters (`"FFWWSS"`).
    pub resources: String,
    /// The structures each player lays out, besides the Keep on the centre
    /// and the scorched areas: piece names (`"farm"`, `"wall4"`).
    pub pieces: Vec<String>,
    /// Scorched areas each player lays out.
    pub scorched: ByPlayers,
}

/// A number for each resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct PerResource {
    /// Trade goods.
    pub goods: i64,
    /// Stone.
    pub stone: i64,
    /// Wood.
    pub wood: i64,
    /// Food.
    pub food: i64,
}

impl PerResource {
    /// The number for this resource.
    pub fn get(&self, resource: Resource) -> i64 {
        match resource {
            Resource::Goods => self.goods,
            Resource::Stone => self.stone,
            Resource::Wood => self.wood,
            Resource::Food => self.food,
        }
    }
}

/// The tracks (table D6).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct TracksSpec {
    /// The maximum of each resource track (ERA-15, D6).
    pub resource_max: PerResource,
    /// The culture track wraps after this many points (ERA-15).
    pub culture_lap: i64,
    /// The disaster track wraps after this many points (ERA-21).
    pub disaster_lap: i64,
}

/// Numbers of the round's steps.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct RoundSpec {
    /// Rolls per Roll step (ERA-12).
    pub rolls: i64,
    /// Food paid per die (ERA-16).
    pub food_per_die: i64,
    /// Disaster points per die not fed (ERA-16).
    pub unfed_disaster: i64,
    /// Disaster points per demanded resource not paid (ERA-20).
    pub extort_disaster: i64,
    /// Dice each Monastery sets (ERA-14).
    pub monastery_dice: i64,
}

/// Who a row of table D5 strikes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Target {
    /// The player who rolled the skulls.
    #[default]
    Roller,
    /// Each opponent of the roller, in turn from the roller's left.
    EachOpponent,
}

/// What a disaster does to each player it strikes (table D5): a small
/// vocabulary that every row of D5, and the readings its sources leave
/// open, is written in. Every choice in it is a decision of the player who
/// suffers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
#[non_exhaustive]
pub enum Disaster {
    /// Nothing happens.
    None,
    /// Disaster points.
    Points {
        /// Disaster points gained.
        disaster: u32,
    },
    /// The sufferer chooses: `disaster` points (`refuse`), or losing
    /// `resources` resources of their choice, one at a time (`lose wood`);
    /// with no resource at all, the points.
    PointsOrLose {
        /// Disaster points gained when the sufferer takes them.
        disaster: u32,
        /// Resources lost otherwise.
        resources: u32,
    },
    /// The sufferer loses `resources` resources of their choice, one at a
    /// time, while they have any.
    Lose {
        /// Resources lost.
        resources: u32,
    },
    /// The sufferer loses everything of one resource.
    LoseAll {
        /// The resource lost.
        resource: Resource,
    },
    /// Disease: disaster points per building of the sufferer's largest
    /// cluster (ERA-11) that is not immune; a building next to one of the
    /// sufferer's Hospitals is immune, and so is a Hospital itself when
    /// `hospital_immune`. Of clusters equally large, the one with the most
    /// buildings that are not immune counts.
    Disease {
        /// Points per building of the cluster that is not immune.
        per_building: u32,
        /// Whether a Hospital itself is immune (revision 3), not only its
        /// neighbours.
        hospital_immune: bool,
    },
    /// The sufferer places `areas` scorched areas from the supply, one at a
    /// time, each on an empty cell of their own domain that is not walled;
    /// with no such cell, when `remove_to_free`, they first remove
    /// buildings of their choice that are not walled and not a Keep (to the
    /// box) until one exists. If no cell can be freed, or the supply has no
    /// scorched area left, nothing more happens.
    Scorch {
        /// Scorched areas placed.
        areas: u32,
        /// Whether buildings are removed to free a cell.
        remove_to_free: bool,
    },
    /// The sufferer removes `buildings` of their buildings, one at a time,
    /// their choice, never a Keep (to the box); nothing once none is left.
    Remove {
        /// Buildings removed.
        buildings: u32,
        /// Whether a walled building is safe (ERA-9).
        walled_safe: bool,
    },
}

impl Disaster {
    /// How many times the sufferer acts: resources to lose, areas to
    /// scorch, buildings to remove (0 for the effects that act at once).
    pub(crate) fn units(self) -> u32 {
        match self {
            Disaster::PointsOrLose { resources, .. } | Disaster::Lose { resources } => resources,
            Disaster::Scorch { areas, .. } => areas,
            Disaster::Remove { buildings, .. } => buildings,
            Disaster::None
            | Disaster::Points { .. }
            | Disaster::LoseAll { .. }
            | Disaster::Disease { .. } => 0,
        }
    }
}

impl fmt::Display for Disaster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Disaster::None => f.write_str("nothing"),
            Disaster::Points { disaster } => write!(f, "{disaster} disaster points"),
            Disaster::PointsOrLose {
                disaster,
                resources,
            } => write!(
                f,
                "{disaster} disaster points or {resources} resources lost"
            ),
            Disaster::Lose { resources } => write!(f, "{resources} resources lost"),
            Disaster::LoseAll { resource } => write!(f, "all {resource} lost"),
            Disaster::Disease { per_building, .. } => {
                write!(f, "Disease ({per_building} per building)")
            }
            Disaster::Scorch { areas, .. } => write!(f, "{areas} scorched areas placed"),
            Disaster::Remove { buildings, .. } => write!(f, "{buildings} buildings removed"),
        }
    }
}

/// A row of table D5 as the engine reads it: who it strikes, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DisasterRule {
    /// Who suffers it.
    pub target: Target,
    /// What it does to each player it strikes.
    pub effect: Disaster,
}

impl DisasterRule {
    /// No disaster.
    pub const NONE: DisasterRule = DisasterRule {
        target: Target::Roller,
        effect: Disaster::None,
    };
}

/// One row of table D5: skull counts `from..=to` (`to` absent: and more),
/// its name, who it strikes and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct DisasterRow {
    /// The fewest skulls of the row.
    pub from: i64,
    /// The most skulls of the row; only the last row leaves it out.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub to: Option<i64>,
    /// The disaster's name (`Brigands`), for people; empty for none.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "String::is_empty")
    )]
    pub name: String,
    /// Who suffers it (the roller when left out).
    #[cfg_attr(feature = "serde", serde(default))]
    pub target: Target,
    /// What happens.
    pub effect: Disaster,
}

impl DisasterRow {
    /// The row of `from..=to` skulls (`to` = `None`: and more), striking
    /// the roller.
    pub fn new(from: i64, to: Option<i64>, effect: Disaster) -> Self {
        DisasterRow {
            from,
            to,
            name: String::new(),
            target: Target::Roller,
            effect,
        }
    }

    /// The same row, named.
    #[must_use]
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.into();
        self
    }

    /// The same row, striking `target`.
    #[must_use]
    pub fn striking(mut self, target: Target) -> Self {
        self.target = target;
        self
    }
}

/// Table D7.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct ScoringSpec {
    /// Points for the most culture (ERA-25).
    pub culture_bonus: i64,
    /// Points for the largest walled area (ERA-26).
    pub walled_area_bonus: i64,
}

/// Every number, face, cost, shape, count and disaster row of the game, as
/// plain data: the form a ruleset is written and loaded in (JSON with the
/// `serde` feature). [`RulesetSpec::default`] is the specification's tables.
///
/// ```
/// use era_rules::ruleset::RulesetSpec;
/// use era_rules::{Colour, Ruleset, Side};
///
/// let mut spec = RulesetSpec::default();
/// spec.dice.yellow[3] = "HH".into(); // a corrected face 4
/// let ruleset = Ruleset::new(spec).unwrap();
/// assert_eq!(ruleset.face(Colour::Yellow, Side::Four).to_string(), "HH");
///
/// let mut broken = RulesetSpec::default();
/// broken.dice.gray.pop();
/// let err = Ruleset::new(broken).unwrap_err();
/// assert_eq!(err.field(), "dice.gray");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct RulesetSpec {
    /// D1.
    pub dice: DiceSpec,
    /// D2: the side of the square domain (odd, 3 to 11).
    pub domain_size: i64,
    /// D3.
    pub buildings: BuildingsSpec,
    /// D4.
    pub walls: WallsSpec,
    /// ERA-1, ERA-3.
    pub supply: SupplySpec,
    /// ERA-4, D6.
    pub start: StartSpec,
    /// D6.
    pub tracks: TracksSpec,
    /// ERA-12 … ERA-20.
    pub round: RoundSpec,
    /// D5, rows in increasing skull order, without gaps, from 0.
    pub disasters: Vec<DisasterRow>,
    /// D7.
    pub scoring: ScoringSpec,
}

//! All game data in one correctable value: [`RulesetSpec`] (plain data,
//! serde-loadable) and [`Ruleset`] (the same, validated, with derived
//! geometry).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::data;
use crate::grid::{self, Masks, Orientation};
use crate::piece::{BuildingKind, MAX_GRID, MAX_WALL_LENGTH, PIECES, Piece};
use crate::symbols::{Face, parse_resources};

/// The dice faces of table D1, as symbol letters (`"KF"`), six per colour.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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

/// One row of table D3.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
    /// Bonus points per unit (ERA-24): Market per empty cell, Guildhall per
    /// resource left, University per culture point, Cathedral per die; 0 for
    /// every other building.
    #[cfg_attr(feature = "serde", serde(default))]
    pub bonus: i64,
}

/// Table D3, one field per building type.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct WallSpec {
    /// Cells in a row, 1 to 8.
    pub length: i64,
    /// How many are in the game.
    pub count: i64,
}

/// Table D4.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct WallsSpec {
    /// One entry per length; lengths not listed do not exist.
    pub counts: Vec<WallSpec>,
    /// Stone paid per wall cell.
    pub stone_per_cell: i64,
}

/// A number for 2, 3 and 4 players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ByPlayers {
    /// With 2 players.
    pub two: i64,
    /// With 3 players.
    pub three: i64,
    /// With 4 players.
    pub four: i64,
}

/// The supply (ERA-1, ERA-3).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct StartSpec {
    /// Starting resources, as letters (`"FFWWSS"`).
    pub resources: String,
    /// The structures each player lays out, besides the Keep on the centre
    /// and the scorched areas: piece names (`"farm"`, `"wall4"`).
    pub pieces: Vec<String>,
    /// Scorched areas each player lays out.
    pub scorched: ByPlayers,
}

/// The tracks (table D6).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct TracksSpec {
    /// The maximum of each resource track (ERA-15).
    pub resource_max: i64,
    /// The culture track wraps after this many points (ERA-15).
    pub culture_lap: i64,
    /// The disaster track wraps after this many points (ERA-21).
    pub disaster_lap: i64,
}

/// Numbers of the round's steps.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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

/// What a disaster does to the player who rolled it (table D5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Disaster {
    /// Nothing happens.
    None,
    /// Brigands: lose all trade goods.
    Brigands,
    /// Treachery: every opponent, in turn order from the victim's left,
    /// places a scorched area on an empty cell of the victim's domain; for
    /// each who cannot (no empty cell, no scorched area left), the victim
    /// gains `disaster_without_cell` disaster points.
    Treachery {
        /// Disaster points per scorched area that cannot be placed.
        disaster_without_cell: u32,
    },
    /// Disease: disaster points per building of the largest cluster, less
    /// some per Hospital (not below 0).
    Disease {
        /// Points per building of the largest cluster (ERA-11).
        per_building: u32,
        /// Points each Hospital prevents.
        per_hospital: u32,
    },
    /// Fire: the victim removes one building that is not walled and not a
    /// Keep (it goes to the box); nothing if there is none.
    Fire,
    /// Revolt: disaster points and the loss of all resources.
    Revolt {
        /// Disaster points gained.
        disaster: u32,
    },
}

impl fmt::Display for Disaster {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Disaster::None => "no disaster",
            Disaster::Brigands => "Brigands",
            Disaster::Treachery { .. } => "Treachery",
            Disaster::Disease { .. } => "Disease",
            Disaster::Fire => "Fire",
            Disaster::Revolt { .. } => "Revolt",
        })
    }
}

/// One row of table D5: skull counts `from..=to` (`to` absent: and more).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct DisasterRow {
    /// The fewest skulls of the row.
    pub from: i64,
    /// The most skulls of the row; only the last row leaves it out.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub to: Option<i64>,
    /// What happens.
    pub effect: Disaster,
}

/// Table D7.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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
/// use era_rules::{Ruleset, RulesetSpec};
///
/// let mut spec = RulesetSpec::default();
/// spec.dice.yellow[3] = "HH".into(); // a corrected face
/// let ruleset = Ruleset::new(spec).unwrap();
/// assert_eq!(ruleset.face(era_rules::Colour::Yellow, 3).to_string(), "HH");
///
/// let mut broken = RulesetSpec::default();
/// broken.dice.gray.pop();
/// let err = Ruleset::new(broken).unwrap_err();
/// assert_eq!(err.field(), "dice.gray");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
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

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

fn building(row: &data::BuildingRow) -> BuildingSpec {
    BuildingSpec {
        count: row.count,
        cost: row.cost.to_string(),
        points: row.points,
        shape: strings(row.shape),
        income: row.income.to_string(),
        bonus: row.bonus,
    }
}

impl Default for RulesetSpec {
    /// The tables of the rules specification.
    fn default() -> Self {
        let [y, g, b, w] = data::DICE_FACES;
        let [
            keep,
            longhouse,
            townhouse,
            church,
            farm,
            lumber_mill,
            market,
            hospital,
            guildhall,
            monastery,
            university,
            cathedral,
        ] = &data::BUILDINGS;
        let by = |a: [i64; 3]| ByPlayers {
            two: a[0],
            three: a[1],
            four: a[2],
        };
        RulesetSpec {
            dice: DiceSpec {
                yellow: strings(&y),
                gray: strings(&g),
                blue: strings(&b),
                white: strings(&w),
            },
            domain_size: data::DOMAIN_SIZE,
            buildings: BuildingsSpec {
                keep: building(keep),
                longhouse: building(longhouse),
                townhouse: building(townhouse),
                church: building(church),
                farm: building(farm),
                lumber_mill: building(lumber_mill),
                market: building(market),
                hospital: building(hospital),
                guildhall: building(guildhall),
                monastery: building(monastery),
                university: building(university),
                cathedral: building(cathedral),
            },
            walls: WallsSpec {
                counts: data::WALLS
                    .iter()
                    .map(|&(length, count)| WallSpec { length, count })
                    .collect(),
                stone_per_cell: data::WALL_STONE_PER_CELL,
            },
            supply: SupplySpec {
                scorched: data::SCORCHED,
                tracking_tokens: by(data::TRACKING_TOKENS),
                two_player_removed: data::TWO_PLAYER_REMOVED,
            },
            start: StartSpec {
                resources: data::START_RESOURCES.to_string(),
                pieces: strings(&data::START_PIECES),
                scorched: by(data::START_SCORCHED),
            },
            tracks: TracksSpec {
                resource_max: data::RESOURCE_MAX,
                culture_lap: data::TRACK_LAP,
                disaster_lap: data::TRACK_LAP,
            },
            round: RoundSpec {
                rolls: data::ROLLS,
                food_per_die: data::FOOD_PER_DIE,
                unfed_disaster: data::UNFED_DISASTER,
                extort_disaster: data::EXTORT_DISASTER,
                monastery_dice: data::MONASTERY_DICE,
            },
            disasters: default_disasters(),
            scoring: ScoringSpec {
                culture_bonus: data::CULTURE_BONUS,
                walled_area_bonus: data::WALLED_AREA_BONUS,
            },
        }
    }
}

fn default_disasters() -> Vec<DisasterRow> {
    let small = |x: i64| u32::try_from(x).unwrap_or(0);
    let row = |from, to, effect| DisasterRow { from, to, effect };
    alloc::vec![
        row(0, Some(1), Disaster::None),
        row(2, Some(2), Disaster::Brigands),
        row(
            3,
            Some(3),
            Disaster::Treachery {
                disaster_without_cell: small(data::TREACHERY_WITHOUT_CELL),
            },
        ),
        row(
            4,
            Some(4),
            Disaster::Disease {
                per_building: small(data::DISEASE_PER_BUILDING),
                per_hospital: small(data::DISEASE_PER_HOSPITAL),
            },
        ),
        row(5, Some(5), Disaster::Fire),
        row(
            6,
            None,
            Disaster::Revolt {
                disaster: small(data::REVOLT_DISASTER),
            },
        ),
    ]
}

/// Why a ruleset was refused: the field, as a dotted path
/// (`"buildings.farm.shape"`), and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesetError {
    field: String,
    reason: String,
}

impl RulesetError {
    fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        RulesetError {
            field: field.into(),
            reason: reason.into(),
        }
    }

    /// The field at fault, as a dotted path.
    pub fn field(&self) -> &str {
        &self.field
    }

    /// What is wrong with it.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ruleset field `{}`: {}", self.field, self.reason)
    }
}

impl core::error::Error for RulesetError {}

/// The numbers of one building type, validated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct BuildingRule {
    pub(crate) count: u8,
    pub(crate) cost: [u8; 4],
    pub(crate) points: u32,
    pub(crate) income: [u8; 4],
    pub(crate) bonus: u32,
}

/// The most rows of table D5 the engine keeps: skull counts above 15 use
/// the row of 15.
const DISASTER_ROWS: usize = 16;
/// The most start pieces per player.
pub(crate) const MAX_START_PIECES: usize = 32;
/// The most buildings of a die-carrying type (ERA-2), so the most dice of
/// one colour: a roll of 24 dice of one colour has `C(29, 5)` = 118 755
/// outcomes, which a caller can still list.
pub(crate) const MAX_DICE_PER_COLOUR: u8 = 24;

/// A validated [`RulesetSpec`]: every mechanism of the engine reads its
/// numbers from here.
///
/// Built by [`Ruleset::new`] (or deserialised, which validates the same
/// way); [`Ruleset::default`] is the specification's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "RulesetSpec", into = "RulesetSpec")
)]
pub struct Ruleset {
    spec: RulesetSpec,
    pub(crate) faces: [[Face; 6]; 4],
    pub(crate) size: u8,
    pub(crate) masks: Masks,
    pub(crate) centre: u32,
    pub(crate) buildings: [BuildingRule; 12],
    pub(crate) orients: [[Orientation; 8]; PIECES],
    pub(crate) orient_len: [u8; PIECES],
    pub(crate) walls: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) wall_stone: u8,
    pub(crate) scorched: u8,
    pub(crate) tokens: [u8; 3],
    pub(crate) two_player_removed: u8,
    pub(crate) start_resources: [u8; 4],
    pub(crate) start_pieces: [Piece; MAX_START_PIECES],
    pub(crate) start_len: u8,
    pub(crate) start_scorched: [u8; 3],
    pub(crate) resource_max: u8,
    pub(crate) culture_lap: u32,
    pub(crate) disaster_lap: u32,
    pub(crate) rolls: u8,
    pub(crate) food_per_die: u8,
    pub(crate) unfed_disaster: u32,
    pub(crate) extort_disaster: u32,
    pub(crate) monastery_dice: u8,
    pub(crate) disasters: [Disaster; DISASTER_ROWS],
    pub(crate) culture_bonus: u32,
    pub(crate) walled_area_bonus: u32,
}

fn number(field: &str, value: i64, min: i64, max: i64) -> Result<i64, RulesetError> {
    if value < min || value > max {
        return Err(RulesetError::new(
            field,
            format!("{value} is out of range {min}..={max}"),
        ));
    }
    Ok(value)
}

fn small(field: &str, value: i64, max: u8) -> Result<u8, RulesetError> {
    let v = number(field, value, 0, i64::from(max))?;
    u8::try_from(v).map_err(|_| RulesetError::new(field, "out of range"))
}

fn points(field: &str, value: i64) -> Result<u32, RulesetError> {
    let v = number(field, value, 0, 1000)?;
    u32::try_from(v).map_err(|_| RulesetError::new(field, "out of range"))
}

fn parse_shape(field: &str, rows: &[String]) -> Result<Vec<(u8, u8)>, RulesetError> {
    if rows.is_empty() || rows.len() > grid::MAX_SHAPE_SIDE {
        return Err(RulesetError::new(field, "a shape has 1 to 5 rows"));
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() > grid::MAX_SHAPE_SIDE {
            return Err(RulesetError::new(field, "a shape has at most 5 columns"));
        }
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '#' => cells.push((u8::try_from(r).unwrap_or(0), u8::try_from(c).unwrap_or(0))),
                '.' => {}
                _ => {
                    return Err(RulesetError::new(
                        field,
                        "shape rows hold only '#' (cell) and '.' (no cell)",
                    ));
                }
            }
        }
    }
    if cells.is_empty() {
        return Err(RulesetError::new(field, "a shape needs at least one cell"));
    }
    if !grid::is_connected(&cells) {
        return Err(RulesetError::new(field, "the shape is not connected"));
    }
    Ok(cells)
}

fn resources(field: &str, s: &str) -> Result<[u8; 4], RulesetError> {
    parse_resources(s).map_err(|e| RulesetError::new(field, e.to_string()))
}

impl Ruleset {
    /// Validates a spec.
    ///
    /// # Errors
    /// The first field that breaks a rule of the data: a die without six
    /// faces, an unknown letter, a negative or too large count, a shape that
    /// is not connected, a disaster table with gaps, too few pieces for the
    /// start of a 4-player game, and so on.
    #[allow(clippy::too_many_lines)]
    pub fn new(spec: RulesetSpec) -> Result<Ruleset, RulesetError> {
        let mut faces = [[Face::default(); 6]; 4];
        let dice = [
            ("dice.yellow", &spec.dice.yellow),
            ("dice.gray", &spec.dice.gray),
            ("dice.blue", &spec.dice.blue),
            ("dice.white", &spec.dice.white),
        ];
        for ((field, list), out) in dice.iter().zip(faces.iter_mut()) {
            if list.len() != 6 {
                return Err(RulesetError::new(
                    *field,
                    format!("a die has six faces, not {}", list.len()),
                ));
            }
            for (i, (s, face)) in list.iter().zip(out.iter_mut()).enumerate() {
                *face = s.parse().map_err(|e: crate::symbols::ParseSymbolsError| {
                    RulesetError::new(format!("{field}[{i}]"), e.to_string())
                })?;
            }
        }
        let gray_swords = faces[1].map(|f| f.count(crate::Symbol::Sword));
        if gray_swords.iter().all(|&s| s == gray_swords[0]) {
            return Err(RulesetError::new(
                "dice.gray",
                "the start-player roll (ERA-6) needs gray faces with different sword counts",
            ));
        }

        let size = small("domain_size", spec.domain_size, MAX_GRID)?;
        if size < 3 || size % 2 == 0 {
            return Err(RulesetError::new(
                "domain_size",
                "the domain side is odd (the Keep sits on the centre cell) and at least 3",
            ));
        }
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "size <= MAX_GRID = 11 (checked above): the centre bit is at most 60"
        )]
        let centre = u32::from(size / 2) * u32::from(size) + u32::from(size / 2);

        let mut buildings = [BuildingRule::default(); 12];
        let mut orients = [[Orientation::default(); 8]; PIECES];
        let mut orient_len = [0u8; PIECES];
        for (kind, rule) in BuildingKind::ALL.into_iter().zip(buildings.iter_mut()) {
            let b = spec.buildings.get(kind);
            let f = |x: &str| format!("buildings.{}.{x}", kind.name());
            let most = if kind.die().is_some() {
                MAX_DICE_PER_COLOUR
            } else {
                100
            };
            rule.count = small(&f("count"), b.count, most)?;
            rule.cost = resources(&f("cost"), &b.cost)?;
            rule.points = points(&f("points"), b.points)?;
            rule.income = resources(&f("income"), &b.income)?;
            rule.bonus = points(&f("bonus"), b.bonus)?;
            let has_bonus = matches!(
                kind,
                BuildingKind::Market
                    | BuildingKind::Guildhall
                    | BuildingKind::University
                    | BuildingKind::Cathedral
            );
            if !has_bonus && rule.bonus != 0 {
                return Err(RulesetError::new(
                    f("bonus"),
                    "only Markets, Guildhalls, Universities and Cathedrals score a bonus (ERA-24)",
                ));
            }
            let cells = parse_shape(&f("shape"), &b.shape)?;
            if kind == BuildingKind::Keep && cells.len() != 1 {
                return Err(RulesetError::new(
                    f("shape"),
                    "the Keep is one cell (it sits on the centre cell, ERA-4)",
                ));
            }
            let (list, len) = grid::orientations(&cells, size);
            let i = Piece::Building(kind).index();
            if let (Some(o), Some(l)) = (orients.get_mut(i), orient_len.get_mut(i)) {
                *o = list;
                *l = u8::try_from(len).unwrap_or(0);
            }
        }
        let mut walls = [0u8; MAX_WALL_LENGTH as usize];
        for (i, w) in spec.walls.counts.iter().enumerate() {
            let field = format!("walls.counts[{i}]");
            let length = small(&format!("{field}.length"), w.length, MAX_WALL_LENGTH)?;
            if length == 0 {
                return Err(RulesetError::new(
                    format!("{field}.length"),
                    "a wall is at least 1 cell long",
                ));
            }
            let count = small(&format!("{field}.count"), w.count, 100)?;
            let slot = length
                .checked_sub(1)
                .and_then(|i| walls.get_mut(usize::from(i)))
                .ok_or_else(|| RulesetError::new(field.clone(), "bad length"))?;
            if *slot != 0 {
                return Err(RulesetError::new(
                    format!("{field}.length"),
                    "this length is listed twice",
                ));
            }
            *slot = count;
        }
        for len in 1..=MAX_WALL_LENGTH {
            let cells: Vec<(u8, u8)> = (0..len).map(|c| (0, c)).collect();
            let (list, n) = grid::orientations(&cells, size);
            let i = Piece::Wall(len).index();
            if let (Some(o), Some(l)) = (orients.get_mut(i), orient_len.get_mut(i)) {
                *o = list;
                *l = u8::try_from(n).unwrap_or(0);
            }
        }
        {
            let (list, n) = grid::orientations(&[(0, 0)], size);
            let i = Piece::Scorched.index();
            if let (Some(o), Some(l)) = (orients.get_mut(i), orient_len.get_mut(i)) {
                *o = list;
                *l = u8::try_from(n).unwrap_or(0);
            }
        }
        let wall_stone = small("walls.stone_per_cell", spec.walls.stone_per_cell, 8)?;

        let scorched = small("supply.scorched", spec.supply.scorched, 121)?;
        let by = |field: &str, b: &ByPlayers, min: i64, max: u8| -> Result<[u8; 3], RulesetError> {
            let mut out = [0u8; 3];
            for ((name, v), o) in [("two", b.two), ("three", b.three), ("four", b.four)]
                .into_iter()
                .zip(out.iter_mut())
            {
                let f = format!("{field}.{name}");
                number(&f, v, min, i64::from(max))?;
                *o = small(&f, v, max)?;
            }
            Ok(out)
        };
        let tokens = by(
            "supply.tracking_tokens",
            &spec.supply.tracking_tokens,
            1,
            12,
        )?;
        let two_player_removed = small(
            "supply.two_player_removed",
            spec.supply.two_player_removed,
            100,
        )?;

        let start_resources = resources("start.resources", &spec.start.resources)?;
        let mut start_pieces = [Piece::Scorched; MAX_START_PIECES];
        if spec.start.pieces.len() > MAX_START_PIECES {
            return Err(RulesetError::new(
                "start.pieces",
                "at most 32 starting pieces",
            ));
        }
        let mut listed: Vec<Piece> = Vec::new();
        for (i, name) in spec.start.pieces.iter().enumerate() {
            let p: Piece = name.parse().map_err(|e: crate::piece::ParsePieceError| {
                RulesetError::new(format!("start.pieces[{i}]"), e.to_string())
            })?;
            if p == Piece::Scorched || p == Piece::Building(BuildingKind::Keep) {
                return Err(RulesetError::new(
                    format!("start.pieces[{i}]"),
                    "the Keep and the scorched areas are given separately (ERA-4)",
                ));
            }
            listed.push(p);
        }
        // Larger pieces are laid out first, so that they always find room.
        let piece_cells = |p: &Piece| -> u32 {
            let i = p.index();
            orients
                .get(i)
                .and_then(|o| o.first())
                .map_or(0, |o| o.mask.count_ones())
        };
        listed.sort_by_key(|p| core::cmp::Reverse(piece_cells(p)));
        for (slot, p) in start_pieces.iter_mut().zip(&listed) {
            *slot = *p;
        }
        let start_len = u8::try_from(listed.len()).unwrap_or(0);
        let start_scorched = by("start.scorched", &spec.start.scorched, 0, 8)?;

        let resource_max = small("tracks.resource_max", spec.tracks.resource_max, 50)?;
        let culture_lap = points("tracks.culture_lap", spec.tracks.culture_lap)?;
        let disaster_lap = points("tracks.disaster_lap", spec.tracks.disaster_lap)?;
        if culture_lap == 0 {
            return Err(RulesetError::new(
                "tracks.culture_lap",
                "must be at least 1",
            ));
        }
        if disaster_lap == 0 {
            return Err(RulesetError::new(
                "tracks.disaster_lap",
                "must be at least 1",
            ));
        }
        for (r, &n) in crate::Resource::ALL.iter().zip(&start_resources) {
            if n > resource_max {
                return Err(RulesetError::new(
                    "start.resources",
                    format!("more {r} than the track holds"),
                ));
            }
        }

        let rolls = small("round.rolls", spec.round.rolls, 10)?;
        if rolls == 0 {
            return Err(RulesetError::new("round.rolls", "at least one roll"));
        }
        let food_per_die = small("round.food_per_die", spec.round.food_per_die, 10)?;
        let unfed_disaster = points("round.unfed_disaster", spec.round.unfed_disaster)?;
        let extort_disaster = points("round.extort_disaster", spec.round.extort_disaster)?;
        let monastery_dice = small("round.monastery_dice", spec.round.monastery_dice, 10)?;

        let disasters = disaster_table(&spec.disasters)?;

        let culture_bonus = points("scoring.culture_bonus", spec.scoring.culture_bonus)?;
        let walled_area_bonus =
            points("scoring.walled_area_bonus", spec.scoring.walled_area_bonus)?;

        let ruleset = Ruleset {
            faces,
            size,
            masks: Masks::new(size),
            centre,
            buildings,
            orients,
            orient_len,
            walls,
            wall_stone,
            scorched,
            tokens,
            two_player_removed,
            start_resources,
            start_pieces,
            start_len,
            start_scorched,
            resource_max,
            culture_lap,
            disaster_lap,
            rolls,
            food_per_die,
            unfed_disaster,
            extort_disaster,
            monastery_dice,
            disasters,
            culture_bonus,
            walled_area_bonus,
            spec,
        };
        ruleset.check_start_supply()?;
        Ok(ruleset)
    }

    /// Every player's start (a Keep plus the start pieces) must come out of
    /// the supply, at every table size; and enough building types must be
    /// left in the supply for the tracking tokens to end the game (ERA-19).
    fn check_start_supply(&self) -> Result<(), RulesetError> {
        let copies = |piece: Piece| self.start_pieces().iter().filter(|&&p| p == piece).count();
        for players in 2..=4u8 {
            let removed = if players == 2 {
                self.two_player_removed
            } else {
                0
            };
            let mut types_left = 0u8;
            for kind in BuildingKind::ALL {
                let per_player = copies(Piece::Building(kind))
                    .saturating_add(usize::from(kind == BuildingKind::Keep));
                let have = usize::from(self.building_count(kind).saturating_sub(removed));
                let needed = per_player.saturating_mul(usize::from(players));
                if needed > have {
                    return Err(RulesetError::new(
                        format!("buildings.{}.count", kind.name()),
                        format!("too few for the start of a {players}-player game"),
                    ));
                }
                if needed < have {
                    types_left = types_left.saturating_add(1);
                }
            }
            let tokens = self.tracking_tokens(players);
            if tokens > types_left {
                let name = match players {
                    2 => "two",
                    3 => "three",
                    _ => "four",
                };
                return Err(RulesetError::new(
                    format!("supply.tracking_tokens.{name}"),
                    format!(
                        "{tokens} tokens, but only {types_left} building types are left in the supply \
                         of a {players}-player game to flip them (ERA-19)"
                    ),
                ));
            }
            for len in 1..=MAX_WALL_LENGTH {
                let needed = copies(Piece::Wall(len)).saturating_mul(usize::from(players));
                if needed > usize::from(self.wall_count(len)) {
                    return Err(RulesetError::new(
                        "walls.counts",
                        format!(
                            "too few walls of length {len} for the start of a {players}-player game"
                        ),
                    ));
                }
            }
            let scorched =
                usize::from(self.start_scorched_for(players)).saturating_mul(usize::from(players));
            if scorched > usize::from(self.scorched) {
                return Err(RulesetError::new(
                    "supply.scorched",
                    format!("too few for the start of a {players}-player game"),
                ));
            }
        }
        Ok(())
    }

    /// The plain data this ruleset was built from.
    pub fn spec(&self) -> &RulesetSpec {
        &self.spec
    }

    /// The side of the square domain (D2).
    pub fn domain_size(&self) -> u8 {
        self.size
    }

    /// Face `index` (0 to 5) of a die colour (D1).
    pub fn face(&self, colour: crate::Colour, index: usize) -> Face {
        self.faces
            .get(colour as usize)
            .and_then(|f| f.get(index))
            .copied()
            .unwrap_or_default()
    }

    /// How many buildings of this type the game has (D3).
    pub fn building_count(&self, kind: BuildingKind) -> u8 {
        self.building(kind).count
    }

    /// The cost of a building, by [`Resource`](crate::Resource) (D3).
    pub fn building_cost(&self, kind: BuildingKind) -> [u8; 4] {
        self.building(kind).cost
    }

    /// The points of a building (D3).
    pub fn building_points(&self, kind: BuildingKind) -> u32 {
        self.building(kind).points
    }

    /// How many walls of this length the game has (D4).
    pub fn wall_count(&self, length: u8) -> u8 {
        length
            .checked_sub(1)
            .and_then(|i| self.walls.get(usize::from(i)))
            .copied()
            .unwrap_or(0)
    }

    /// The cost of a piece, by [`Resource`](crate::Resource).
    pub fn cost(&self, piece: Piece) -> [u8; 4] {
        match piece {
            Piece::Building(k) => self.building_cost(k),
            Piece::Wall(n) => [0, self.wall_stone.saturating_mul(n), 0, 0],
            Piece::Scorched => [0; 4],
        }
    }

    /// How many distinct orientations a piece has (ERA-7): rotations and
    /// mirror images, with repeats dropped.
    pub fn orientations(&self, piece: Piece) -> u8 {
        self.orient_len.get(piece.index()).copied().unwrap_or(0)
    }

    /// The disaster a number of skulls causes (D5).
    pub fn disaster(&self, skulls: u32) -> Disaster {
        let i = usize::try_from(skulls)
            .unwrap_or(usize::MAX)
            .min(DISASTER_ROWS - 1);
        self.disasters.get(i).copied().unwrap_or(Disaster::None)
    }

    /// The maximum of a resource track (D6).
    pub fn resource_max(&self) -> u8 {
        self.resource_max
    }

    /// Points of one lap of the culture track (ERA-15).
    pub fn culture_lap(&self) -> u32 {
        self.culture_lap
    }

    /// Points of one lap of the disaster track (ERA-21).
    pub fn disaster_lap(&self) -> u32 {
        self.disaster_lap
    }

    /// The pieces each player lays out, in the order they are placed
    /// (larger first).
    pub fn start_pieces(&self) -> &[Piece] {
        self.start_pieces
            .get(..usize::from(self.start_len))
            .unwrap_or(&[])
    }

    /// Piece `index` of the layout at this table size (ERA-4, ERA-5): the
    /// start pieces, then the scorched areas.
    pub(crate) fn start_piece_for(&self, players: u8, index: u8) -> Option<Piece> {
        let pieces = self.start_pieces();
        let i = usize::from(index);
        if let Some(&p) = pieces.get(i) {
            return Some(p);
        }
        let scorched = usize::from(self.start_scorched_for(players));
        (i < pieces.len().saturating_add(scorched)).then_some(Piece::Scorched)
    }

    /// How many pieces each player lays out at this table size.
    pub(crate) fn start_total_for(&self, players: u8) -> u8 {
        self.start_len
            .saturating_add(self.start_scorched_for(players))
    }

    /// Scorched areas each player lays out at this table size.
    pub fn start_scorched_for(&self, players: u8) -> u8 {
        self.start_scorched
            .get(usize::from(players.saturating_sub(2)))
            .copied()
            .unwrap_or(0)
    }

    /// Tracking tokens in play at this table size (ERA-3).
    pub fn tracking_tokens(&self, players: u8) -> u8 {
        self.tokens
            .get(usize::from(players.saturating_sub(2)))
            .copied()
            .unwrap_or(1)
    }

    pub(crate) fn building(&self, kind: BuildingKind) -> BuildingRule {
        self.buildings
            .get(kind.index())
            .copied()
            .unwrap_or_default()
    }

    pub(crate) fn orientation(&self, piece: Piece, turn: u8) -> Option<Orientation> {
        if turn >= self.orientations(piece) {
            return None;
        }
        self.orients
            .get(piece.index())
            .and_then(|o| o.get(usize::from(turn)))
            .copied()
    }

    /// The cells of `piece` in orientation `turn` with its top-left corner
    /// on `at`, if it fits inside the domain.
    pub(crate) fn cells(&self, piece: Piece, turn: u8, at: crate::Cell) -> Option<u128> {
        let o = self.orientation(piece, turn)?;
        at.bit(self.size)?;
        o.at(at.row(), at.col(), self.size)
    }
}

impl Default for Ruleset {
    /// The tables of the rules specification.
    #[expect(
        clippy::unreachable,
        reason = "the default tables are valid: pinned by the test \
                  `the_default_ruleset_is_the_spec_tables_and_round_trips`"
    )]
    fn default() -> Self {
        Ruleset::new(RulesetSpec::default())
            .unwrap_or_else(|e| unreachable!("the default ruleset is valid: {e}"))
    }
}

impl TryFrom<RulesetSpec> for Ruleset {
    type Error = RulesetError;

    fn try_from(spec: RulesetSpec) -> Result<Self, RulesetError> {
        Ruleset::new(spec)
    }
}

impl From<Ruleset> for RulesetSpec {
    fn from(r: Ruleset) -> Self {
        r.spec
    }
}

fn disaster_table(rows: &[DisasterRow]) -> Result<[Disaster; DISASTER_ROWS], RulesetError> {
    let mut table = [Disaster::None; DISASTER_ROWS];
    // Rows above the last kept one would never be read.
    let top = i64::try_from(DISASTER_ROWS).unwrap_or(16);
    let mut next: i64 = 0;
    let Some(last) = rows.len().checked_sub(1) else {
        return Err(RulesetError::new("disasters", "the table has no rows"));
    };
    for (i, row) in rows.iter().enumerate() {
        let field = format!("disasters[{i}]");
        if row.from != next {
            return Err(RulesetError::new(
                format!("{field}.from"),
                format!("the table has a gap or overlap: this row should start at {next} skulls"),
            ));
        }
        if row.from >= top {
            return Err(RulesetError::new(
                format!("{field}.from"),
                "rows above 15 skulls are not supported",
            ));
        }
        let to = match (row.to, i == last) {
            (Some(to), _) if to < row.from => {
                return Err(RulesetError::new(
                    format!("{field}.to"),
                    "ends before it starts",
                ));
            }
            (Some(to), _) => to,
            (None, true) => top,
            (None, false) => {
                return Err(RulesetError::new(
                    format!("{field}.to"),
                    "only the last row is open-ended",
                ));
            }
        };
        let effect = disaster_effect(&format!("{field}.effect"), row.effect)?;
        // Only the kept rows are written: a huge `to` costs nothing.
        for s in row.from..=to.min(top) {
            if let Some(slot) = usize::try_from(s).ok().and_then(|s| table.get_mut(s)) {
                *slot = effect;
            }
        }
        next = to.saturating_add(1);
    }
    if rows.last().is_some_and(|r| r.to.is_some()) && next < top {
        return Err(RulesetError::new(
            format!("disasters[{last}].to"),
            "the last row must be open-ended (leave `to` out)",
        ));
    }
    Ok(table)
}

/// A disaster's points, each in the range of every other point value.
fn disaster_effect(field: &str, effect: Disaster) -> Result<Disaster, RulesetError> {
    let check = |name: &str, v: u32| points(&format!("{field}.{name}"), i64::from(v));
    match effect {
        Disaster::Treachery {
            disaster_without_cell,
        } => {
            check("disaster_without_cell", disaster_without_cell)?;
        }
        Disaster::Disease {
            per_building,
            per_hospital,
        } => {
            check("per_building", per_building)?;
            check("per_hospital", per_hospital)?;
        }
        Disaster::Revolt { disaster } => {
            check("disaster", disaster)?;
        }
        Disaster::None | Disaster::Brigands | Disaster::Fire => {}
    }
    Ok(effect)
}

//! The default game data: the tables D1–D7 of the rules specification.
//!
//! Most of it is provisional (see the crate README): correct it by loading a
//! [`RulesetSpec`](crate::RulesetSpec), never by editing the logic.

/// D1: the six faces of each die colour (yellow, gray, blue, white), as
/// symbol letters.
pub const DICE_FACES: [[&str; 6]; 4] = [
    ["FF", "WW", "S", "H", "FW", "KF"],
    ["X", "XX", "D", "G", "HX", "KG"],
    ["G", "GG", "H", "CG", "SG", "KGG"],
    ["C", "CC", "Q", "QC", "FC", "KCC"],
];

/// D2: the side of the square domain.
pub const DOMAIN_SIZE: i64 = 9;

/// One row of table D3.
pub struct BuildingRow {
    /// Name, as in [`BuildingKind::name`](crate::BuildingKind::name).
    pub name: &'static str,
    /// How many are in the game.
    pub count: i64,
    /// Cost, as resource letters.
    pub cost: &'static str,
    /// Points at the end (ERA-23).
    pub points: i64,
    /// Shape rows, `#` for a cell.
    pub shape: &'static [&'static str],
    /// Resources gained at Collect (ERA-15).
    pub income: &'static str,
    /// Bonus points per unit (ERA-24).
    pub bonus: i64,
}

const fn row(
    name: &'static str,
    count: i64,
    cost: &'static str,
    points: i64,
    shape: &'static [&'static str],
    income: &'static str,
    bonus: i64,
) -> BuildingRow {
    BuildingRow {
        name,
        count,
        cost,
        points,
        shape,
        income,
        bonus,
    }
}

const S1X1: &[&str] = &["#"];
const S1X2: &[&str] = &["##"];
const S2X2: &[&str] = &["##", "##"];
const SL3: &[&str] = &["#.", "##"];
const S2X3: &[&str] = &["###", "###"];

/// D3: the buildings, in the order of [`BuildingKind::ALL`](crate::BuildingKind::ALL).
pub const BUILDINGS: [BuildingRow; 12] = [
    row("keep", 8, "SSS", 1, S1X1, "", 0),
    row("longhouse", 18, "WW", 1, S1X2, "", 0),
    row("townhouse", 5, "GWS", 1, S1X2, "", 0),
    row("church", 5, "GSW", 1, S1X2, "", 0),
    row("farm", 16, "WF", 1, S2X2, "F", 0),
    row("lumber_mill", 3, "WWW", 2, S1X2, "WW", 0),
    row("market", 3, "GGW", 2, S1X2, "", 1),
    row("hospital", 3, "GSSW", 3, S2X2, "", 0),
    row("guildhall", 3, "GGSS", 3, S2X2, "", 1),
    row("monastery", 3, "GSSWW", 4, SL3, "", 0),
    row("university", 2, "GGGSS", 4, S2X2, "", 1),
    row("cathedral", 2, "GGGSSSWW", 5, S2X3, "", 1),
];

/// D4: walls as (length, count); each costs this much stone per cell.
pub const WALLS: [(i64, i64); 4] = [(1, 4), (2, 6), (3, 6), (4, 16)];
/// D4: stone per wall cell.
pub const WALL_STONE_PER_CELL: i64 = 1;

/// ERA-1: scorched areas in the game.
pub const SCORCHED: i64 = 27;
/// ERA-3: tracking tokens in play with 2, 3 and 4 players.
pub const TRACKING_TOKENS: [i64; 3] = [3, 3, 5];
/// ERA-3: buildings of each type (and dice of each colour) boxed with 2 players.
pub const TWO_PLAYER_REMOVED: i64 = 1;

/// D6: starting resources, as letters.
pub const START_RESOURCES: &str = "FFWWSS";
/// ERA-4: the structures each player lays out (the Keep goes on the centre).
pub const START_PIECES: [&str; 7] = [
    "longhouse",
    "longhouse",
    "longhouse",
    "farm",
    "wall4",
    "wall4",
    "wall4",
];
/// ERA-4: scorched areas each player lays out with 2, 3 and 4 players.
pub const START_SCORCHED: [i64; 3] = [2, 1, 0];

/// D6: the maximum of each resource track.
pub const RESOURCE_MAX: i64 = 8;
/// D6: culture and disaster tracks wrap after this many points.
pub const TRACK_LAP: i64 = 25;

/// ERA-12: rolls per Roll step.
pub const ROLLS: i64 = 3;
/// ERA-16: food per die.
pub const FOOD_PER_DIE: i64 = 1;
/// ERA-16: disaster points per unfed die.
pub const UNFED_DISASTER: i64 = 1;
/// ERA-20: disaster points per unpaid demand.
pub const EXTORT_DISASTER: i64 = 2;
/// ERA-14: dice each Monastery sets.
pub const MONASTERY_DICE: i64 = 1;

/// D5: Treachery's disaster points when no scorched area can be placed.
pub const TREACHERY_WITHOUT_CELL: i64 = 2;
/// D5: Disease's points per building of the largest cluster.
pub const DISEASE_PER_BUILDING: i64 = 1;
/// D5: Disease points each Hospital prevents.
pub const DISEASE_PER_HOSPITAL: i64 = 2;
/// D5: Revolt's disaster points.
pub const REVOLT_DISASTER: i64 = 5;

/// D7: the culture bonus (ERA-25).
pub const CULTURE_BONUS: i64 = 5;
/// D7: the walled-area bonus (ERA-26).
pub const WALLED_AREA_BONUS: i64 = 10;

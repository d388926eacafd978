//! The specification's tables D1–D7 as plain data: the values of
//! [`RulesetSpec::default`](super::RulesetSpec). Most are provisional (see
//! the crate README): correct them by loading a ruleset, never by editing
//! the rules.

/// D1 (revision 2, single source): the six faces of each die colour
/// (yellow, gray, blue, white), as symbol letters; `A|B` is a choice face.
pub(super) const DICE_FACES: [[&str; 6]; 4] = [
    ["FFF", "HH", "SS", "WWW", "FF|S", "KWH"],
    ["DDDD", "X", "G", "KGG", "XXX", "XX"],
    ["HH", "SS", "G", "C", "KSH", "GG"],
    ["FF", "Q", "C", "C", "S|WW", "KCC"],
];

/// D2: the side of the square domain.
pub(super) const DOMAIN_SIZE: i64 = 9;

/// One row of table D3.
pub(super) struct BuildingRow {
    /// How many are in the game.
    pub(super) count: i64,
    /// Cost, as resource letters.
    pub(super) cost: &'static str,
    /// Points at the end (ERA-23).
    pub(super) points: i64,
    /// Shape rows, `#` for a cell.
    pub(super) shape: &'static [&'static str],
    /// Resources gained at Collect (ERA-15).
    pub(super) income: &'static str,
    /// Bonus points per unit (ERA-24).
    pub(super) bonus: i64,
}

const fn row(
    count: i64,
    cost: &'static str,
    points: i64,
    shape: &'static [&'static str],
    income: &'static str,
    bonus: i64,
) -> BuildingRow {
    BuildingRow {
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

/// D3: the buildings, in the order of table D3 (Keep, Longhouse,
/// Townhouse, Church, Farm, Lumber Mill, Market, Hospital, Guildhall,
/// Monastery, University, Cathedral).
pub(super) const BUILDINGS: [BuildingRow; 12] = [
    row(8, "SSS", 1, S1X1, "", 0),
    row(18, "WW", 1, S1X2, "", 0),
    row(5, "GWS", 1, S1X2, "", 0),
    row(5, "GSW", 1, S1X2, "", 0),
    // Revision 3: costs use only goods, stone and wood (was `WF`).
    row(16, "WW", 1, S2X2, "F", 0),
    row(3, "WWW", 2, S1X2, "WW", 0),
    row(3, "GGW", 2, S1X2, "", 1),
    row(3, "GSSW", 3, S2X2, "", 0),
    row(3, "GGSS", 3, S2X2, "", 1),
    row(3, "GSSWW", 4, SL3, "", 0),
    row(2, "GGGSS", 4, S2X2, "", 1),
    row(2, "GGGSSSWW", 5, S2X3, "", 1),
];

/// D4: walls as (length, count).
pub(super) const WALLS: [(i64, i64); 4] = [(1, 4), (2, 6), (3, 6), (4, 16)];
/// D4: stone per wall cell.
pub(super) const WALL_STONE_PER_CELL: i64 = 1;

/// ERA-1: scorched areas in the game.
pub(super) const SCORCHED: i64 = 27;
/// ERA-3: tracking tokens in play with 2, 3 and 4 players.
pub(super) const TRACKING_TOKENS: [i64; 3] = [3, 3, 5];
/// ERA-3: buildings of each type (and dice of each colour) boxed with 2 players.
pub(super) const TWO_PLAYER_REMOVED: i64 = 1;

/// D6 (revision 3, single source: a rules summary): starting resources,
/// as letters: 3 food, 2 wood, 1 stone, no trade goods.
pub(super) const START_RESOURCES: &str = "FFFWWS";
/// ERA-4: the structures each player lays out (the Keep goes on the centre).
pub(super) const START_PIECES: [&str; 7] = [
    "longhouse",
    "longhouse",
    "longhouse",
    "farm",
    "wall4",
    "wall4",
    "wall4",
];
/// ERA-4: scorched areas each player lays out with 2, 3 and 4 players.
pub(super) const START_SCORCHED: [i64; 3] = [2, 1, 0];

/// D6 (revision 2): the maximum of each resource track: goods, stone,
/// wood, food.
pub(super) const RESOURCE_MAX: [i64; 4] = [6, 7, 8, 8];
/// D6: culture and disaster tracks wrap after this many points.
pub(super) const TRACK_LAP: i64 = 25;

/// ERA-12: rolls per Roll step.
pub(super) const ROLLS: i64 = 3;
/// ERA-16: food per die.
pub(super) const FOOD_PER_DIE: i64 = 1;
/// ERA-16: disaster points per unfed die.
pub(super) const UNFED_DISASTER: i64 = 1;
/// ERA-20: disaster points per unpaid demand.
pub(super) const EXTORT_DISASTER: i64 = 2;
/// ERA-14: dice each Monastery sets.
pub(super) const MONASTERY_DICE: i64 = 1;

/// D5 (revision 3) 1 skull, Brigands: the roller takes this many disaster
/// points or loses [`BRIGANDS_RESOURCES`] resources of their choice (seed:
/// one skull causes a disaster; single source: the effect).
pub(super) const BRIGANDS_POINTS: u32 = 1;
/// D5 (revision 3): resources Brigands take instead of the points.
pub(super) const BRIGANDS_RESOURCES: u32 = 1;
/// D5 (revision 3) 2 skulls, Disease: points per building of the largest
/// cluster not immune; a Hospital and its neighbours are immune.
pub(super) const DISEASE_PER_BUILDING: u32 = 1;
/// D5 (revision 3) 3 skulls, Treachery, each opponent: scorched areas in
/// their own domain outside the walls, freeing a cell if needed.
pub(super) const TREACHERY_AREAS: u32 = 1;
/// D5 (revision 3) 4 skulls, Fire (the roller) and 5 skulls, Invasion
/// (each opponent): buildings removed that are not walled.
pub(super) const FIRE_BUILDINGS: u32 = 1;

/// D7: the culture bonus (ERA-25).
pub(super) const CULTURE_BONUS: i64 = 5;
/// D7: the walled-area bonus (ERA-26).
pub(super) const WALLED_AREA_BONUS: i64 = 10;

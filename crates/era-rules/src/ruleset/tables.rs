//! The specification's tables D1–D7 as plain data, and
//! [`RulesetSpec::default`](super::RulesetSpec) written from them. Most are
//! provisional (see the crate README): correct them by loading a ruleset,
//! never by editing the rules.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::spec::{
    BuildingSpec, BuildingsSpec, ByPlayers, DiceSpec, Disaster, DisasterRow, EmptyCells,
    PerResource, RoundSpec, RulesetSpec, ScoringSpec, StartSpec, SupplySpec, Target, TracksSpec,
    WallSpec, WallsSpec,
};
use crate::symbols::Resource;

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

/// D3 (revision 4, single source: a review listing every building, "one
/// point per adjacent empty space"): the Market's bonus counts the empty
/// cells next to it, each Market its own. Revision 3 counted every empty
/// cell of the domain ([`EmptyCells::Domain`]).
pub(super) const MARKET_EMPTY_CELLS: EmptyCells = EmptyCells::Adjacent;

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

/// ERA-12 … ERA-20: the numbers of a round.
pub(super) const ROUND: RoundSpec = RoundSpec {
    // ERA-12: rolls per Roll step.
    rolls: 3,
    // ERA-16: food per die.
    food_per_die: 1,
    // ERA-16: disaster points per unfed die.
    unfed_disaster: 1,
    // ERA-20: disaster points per unpaid demand.
    extort_disaster: 2,
    // ERA-14: dice each Monastery sets.
    monastery_dice: 1,
};

/// D5 (revision 3) 1 skull, Brigands: the roller takes a disaster point or
/// loses a resource of their choice (seed: one skull causes a disaster;
/// single source: the effect).
pub(super) const BRIGANDS: Disaster = Disaster::PointsOrLose {
    disaster: 1,
    resources: 1,
};
/// D5 (revision 3) 2 skulls, Disease: a point per building of the largest
/// cluster not immune; a Hospital and its neighbours are immune.
pub(super) const DISEASE: Disaster = Disaster::Disease {
    per_building: 1,
    hospital_immune: true,
};
/// D5 (revision 3) 3 skulls, Treachery, each opponent: a scorched area in
/// their own domain outside the walls, freeing a cell if needed.
pub(super) const TREACHERY: Disaster = Disaster::Scorch {
    areas: 1,
    remove_to_free: true,
};
/// D5 (revision 3) 4 skulls, Fire (the roller) and 5 skulls, Invasion
/// (each opponent): a building removed that is not walled.
pub(super) const FIRE: Disaster = Disaster::Remove {
    buildings: 1,
    walled_safe: true,
};

/// D7: the culture bonus (ERA-25) and the walled-area bonus (ERA-26).
pub(super) const SCORING: ScoringSpec = ScoringSpec {
    culture_bonus: 5,
    walled_area_bonus: 10,
};

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_string()).collect()
}

fn building(row: &BuildingRow) -> BuildingSpec {
    BuildingSpec {
        count: row.count,
        cost: row.cost.to_string(),
        points: row.points,
        shape: strings(row.shape),
        income: row.income.to_string(),
        bonus: row.bonus,
        empty_cells: EmptyCells::default(),
    }
}

impl RulesetSpec {
    /// The same tables read as revision 3 read them: the Market's bonus
    /// counts every empty cell of the domain (D3). Revision 3 differs from
    /// revision 4 in nothing else, so its records replay with this.
    #[cfg(feature = "serde")]
    pub(crate) fn into_revision_3(mut self) -> Self {
        self.buildings.market.empty_cells = EmptyCells::Domain;
        self
    }
}

impl Default for RulesetSpec {
    /// The tables of the rules specification.
    fn default() -> Self {
        let [y, g, b, w] = DICE_FACES;
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
        ] = &BUILDINGS;
        let by = |[two, three, four]: [i64; 3]| ByPlayers { two, three, four };
        RulesetSpec {
            dice: DiceSpec {
                yellow: strings(&y),
                gray: strings(&g),
                blue: strings(&b),
                white: strings(&w),
            },
            domain_size: DOMAIN_SIZE,
            buildings: BuildingsSpec {
                keep: building(keep),
                longhouse: building(longhouse),
                townhouse: building(townhouse),
                church: building(church),
                farm: building(farm),
                lumber_mill: building(lumber_mill),
                market: BuildingSpec {
                    empty_cells: MARKET_EMPTY_CELLS,
                    ..building(market)
                },
                hospital: building(hospital),
                guildhall: building(guildhall),
                monastery: building(monastery),
                university: building(university),
                cathedral: building(cathedral),
            },
            walls: WallsSpec {
                counts: WALLS
                    .iter()
                    .map(|&(length, count)| WallSpec { length, count })
                    .collect(),
                stone_per_cell: WALL_STONE_PER_CELL,
            },
            supply: SupplySpec {
                scorched: SCORCHED,
                tracking_tokens: by(TRACKING_TOKENS),
                two_player_removed: TWO_PLAYER_REMOVED,
            },
            start: StartSpec {
                resources: START_RESOURCES.to_string(),
                pieces: strings(&START_PIECES),
                scorched: by(START_SCORCHED),
            },
            tracks: TracksSpec {
                resource_max: {
                    let [goods, stone, wood, food] = RESOURCE_MAX;
                    PerResource {
                        goods,
                        stone,
                        wood,
                        food,
                    }
                },
                culture_lap: TRACK_LAP,
                disaster_lap: TRACK_LAP,
            },
            round: ROUND,
            disasters: default_disasters(),
            scoring: SCORING,
        }
    }
}

fn default_disasters() -> Vec<DisasterRow> {
    let row = DisasterRow::new;
    alloc::vec![
        row(0, Some(0), Disaster::None),
        row(1, Some(1), BRIGANDS).named("Brigands"),
        row(2, Some(2), DISEASE).named("Disease"),
        row(3, Some(3), TREACHERY)
            .named("Treachery")
            .striking(Target::EachOpponent),
        row(4, Some(4), FIRE).named("Fire"),
        row(5, Some(5), FIRE)
            .named("Invasion")
            .striking(Target::EachOpponent),
        row(
            6,
            None,
            Disaster::LoseAll {
                resource: Resource::Goods
            }
        )
        .named("Revolt"),
    ]
}

//! All game data in one correctable value: [`RulesetSpec`] (plain data,
//! serde-loadable) and [`Ruleset`] (the same, validated, with the derived
//! geometry every mechanism reads).

mod load;
mod spec;
mod tables;

pub use load::RulesetError;
pub use spec::{
    BuildingSpec, BuildingsSpec, ByPlayers, DiceSpec, Disaster, DisasterRow, DisasterRule,
    EmptyCells, PerResource, RoundSpec, RulesetSpec, ScoringSpec, StartSpec, SupplySpec, Target,
    TracksSpec, WallSpec, WallsSpec,
};

use alloc::sync::Arc;

use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::colour::Colour;
use crate::face::Face;
use crate::grid::{CellSet, Masks, Orientation};
use crate::map::{ByBuilding, ByColour, ByResource, BySide, ByTable};
use crate::piece::{MAX_WALL_LENGTH, PIECES, Piece};
use crate::side::Side;
use crate::symbols::{Resource, Symbol};
use crate::table::TableSize;

/// The most rows of table D5 the engine keeps: skull counts above 15 use
/// the row of 15.
pub(crate) const DISASTER_ROWS: usize = DISASTER_ROW_COUNT as usize;
/// [`DISASTER_ROWS`] as a `u8`, for the loader's arithmetic.
pub(crate) const DISASTER_ROW_COUNT: u8 = 16;
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
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ruleset {
    /// Shared: a game's copy of the ruleset copies the tables, not the
    /// strings they were read from.
    spec: Arc<RulesetSpec>,
    /// D1.
    pub(crate) faces: ByColour<BySide<Face>>,
    /// D2 and the shapes of D3, D4: where pieces go.
    pub(crate) geometry: Geometry,
    /// D3.
    pub(crate) buildings: ByBuilding<BuildingRule>,
    /// D4.
    pub(crate) walls: WallRules,
    /// ERA-1, ERA-3.
    pub(crate) supply: SupplyRules,
    /// ERA-4, D6.
    pub(crate) start: StartRules,
    /// D6.
    pub(crate) tracks: TrackRules,
    /// ERA-12 … ERA-20.
    pub(crate) round: RoundRules,
    /// D5, one row per skull count.
    pub(crate) disasters: [DisasterRule; DISASTER_ROWS],
    /// D7.
    pub(crate) scoring: ScoringRules,
}

/// The domain's grid and every piece's orientations (ERA-7, D2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// The side of the square domain.
    pub(crate) size: u8,
    pub(crate) masks: Masks,
    /// The centre cell, where the Keep stands (ERA-4).
    pub(crate) centre: CellSet,
    /// By [`Piece::ALL`].
    pub(crate) shapes: [Shape; PIECES],
}

/// The distinct orientations of one piece (ERA-7).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) orientations: [Orientation; 8],
    pub(crate) count: u8,
}

/// The numbers of one building type (D3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct BuildingRule {
    pub(crate) count: u8,
    pub(crate) cost: ByResource<u8>,
    pub(crate) points: u32,
    pub(crate) income: ByResource<u8>,
    pub(crate) bonus: u32,
    /// Which empty cells the bonus counts (the Market's).
    pub(crate) empty_cells: EmptyCells,
}

/// D4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WallRules {
    /// How many walls of each length (index = length − 1).
    pub(crate) counts: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) stone_per_cell: u8,
}

/// ERA-1, ERA-3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SupplyRules {
    pub(crate) scorched: u8,
    pub(crate) tokens: ByTable<u8>,
    pub(crate) two_player_removed: u8,
}

/// ERA-4, D6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StartRules {
    pub(crate) resources: ByResource<u8>,
    /// The first `count` are the pieces, larger first.
    pub(crate) pieces: [Piece; MAX_START_PIECES],
    pub(crate) count: u8,
    pub(crate) scorched: ByTable<u8>,
}

/// D6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TrackRules {
    pub(crate) resource_max: ByResource<u8>,
    pub(crate) culture_lap: u32,
    pub(crate) disaster_lap: u32,
}

/// ERA-12 … ERA-20.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RoundRules {
    pub(crate) rolls: u8,
    pub(crate) food_per_die: u8,
    pub(crate) unfed_disaster: u32,
    pub(crate) extort_disaster: u32,
    pub(crate) monastery_dice: u8,
}

/// D7.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScoringRules {
    pub(crate) culture_bonus: u32,
    pub(crate) walled_area_bonus: u32,
}

impl Ruleset {
    /// The plain data this ruleset was built from.
    pub fn spec(&self) -> &RulesetSpec {
        &self.spec
    }

    /// This ruleset as a config of revision 3 meant it: the Market's
    /// bonus counts every empty cell of the domain (D3).
    ///
    /// # Errors
    /// None in practice: only the Market's count changes, which every
    /// ruleset may set; the tables are checked again all the same.
    #[cfg(feature = "serde")]
    pub(crate) fn into_revision_3(self) -> Result<Ruleset, RulesetError> {
        Ruleset::new(RulesetSpec::from(self).into_revision_3())
    }

    /// Whether this is the specification's ruleset.
    pub fn is_default(&self) -> bool {
        *self.spec == RulesetSpec::default()
    }

    /// The side of the square domain (D2).
    pub fn domain_size(&self) -> u8 {
        self.geometry.size
    }

    /// What one face of a die colour shows (D1).
    pub fn face(&self, colour: Colour, side: Side) -> Face {
        self.faces[colour][side]
    }

    /// How many buildings of this type the game has (D3).
    pub fn building_count(&self, kind: BuildingKind) -> u8 {
        self.buildings[kind].count
    }

    /// The cost of a building (D3).
    pub fn building_cost(&self, kind: BuildingKind) -> ByResource<u8> {
        self.buildings[kind].cost
    }

    /// The points of a building (D3).
    pub fn building_points(&self, kind: BuildingKind) -> u32 {
        self.buildings[kind].points
    }

    /// What each copy of a building yields at Collect (D3, ERA-15): the
    /// Farm's food, the Lumber Mill's wood.
    pub fn building_income(&self, kind: BuildingKind) -> ByResource<u8> {
        self.buildings[kind].income
    }

    /// A building's bonus points per unit (D3, ERA-24); 0 for a building
    /// without a bonus.
    pub fn building_bonus(&self, kind: BuildingKind) -> u32 {
        self.buildings[kind].bonus
    }

    /// Which empty cells a building's bonus per empty cell counts (D3,
    /// ERA-24): the Market's; [`EmptyCells::Adjacent`] for every building
    /// whose bonus counts no empty cells.
    pub fn bonus_empty_cells(&self, kind: BuildingKind) -> EmptyCells {
        self.buildings[kind].empty_cells
    }

    /// How many walls of this length the game has (D4); none of a length
    /// it has no walls of.
    pub fn wall_count(&self, length: u8) -> u8 {
        // A length outside 1 to 8 has no slot: the game truly has none of
        // it, the count a caller asking about it is owed.
        wall_slot(&self.walls.counts, length).copied().unwrap_or(0)
    }

    /// The cost of a piece: a building's (D3), a wall's stone (D4), nothing
    /// for a scorched area.
    pub fn cost(&self, piece: Piece) -> ByResource<u8> {
        match piece {
            Piece::Building(kind) => self.building_cost(kind),
            Piece::Wall(length) => {
                let mut cost = ByResource::default();
                cost[Resource::Stone] = self.walls.stone_per_cell.saturating_mul(length);
                cost
            }
            Piece::Scorched => ByResource::default(),
        }
    }

    /// How many distinct orientations a piece has (ERA-7): rotations and
    /// mirror images, with repeats dropped; none for a piece without a
    /// shape (a scorched area).
    pub fn orientations(&self, piece: Piece) -> u8 {
        self.shape(piece).map_or(0, |s| s.count)
    }

    /// The most culture one player can collect in a round (ERA-15): every
    /// die the game has showing its face with the most culture.
    pub fn most_culture_per_round(&self) -> u32 {
        Colour::ALL
            .iter()
            .map(|&colour| {
                let best = Side::ALL
                    .iter()
                    .map(|&side| {
                        let face = self.face(colour, side);
                        crate::face::ChoiceSet::ALL
                            .iter()
                            .map(|&set| face.yields(set).count(Symbol::Culture))
                            .fold(face.count(Symbol::Culture), u8::max)
                    })
                    .fold(0, u8::max);
                u32::from(self.building_count(colour.carrier())).saturating_mul(u32::from(best))
            })
            .fold(0, u32::saturating_add)
    }

    /// The most disaster points one player can take in a round (ERA-16,
    /// ERA-17, ERA-20): every die unfed, every opponent's demand refused,
    /// and the costliest disaster row, struck by each opponent's roll.
    pub fn most_disaster_per_round(&self) -> u32 {
        let dice: u32 = Colour::ALL
            .iter()
            .map(|&c| u32::from(self.building_count(c.carrier())))
            .sum();
        let buildings: u32 = BuildingKind::ALL
            .iter()
            .map(|&k| u32::from(self.building_count(k)))
            .sum();
        let row = self
            .disasters
            .iter()
            .map(|rule| match rule.effect {
                Disaster::Points { disaster } | Disaster::PointsOrLose { disaster, .. } => disaster,
                Disaster::Disease { per_building, .. } => per_building.saturating_mul(buildings),
                _ => 0,
            })
            .fold(0, u32::max);
        // At most four players (ERA-3): three opponents.
        let others: u32 = 3;
        dice.saturating_mul(self.round.unfed_disaster)
            .saturating_add(others.saturating_mul(self.round.extort_disaster))
            .saturating_add(row.saturating_mul(others.saturating_add(1)))
    }

    /// The disaster a number of skulls causes (D5): who it strikes and
    /// what it does.
    pub fn disaster(&self, skulls: u32) -> DisasterRule {
        // More skulls than the rows kept: the last row, open-ended.
        let [.., top] = self.disasters;
        usize::try_from(skulls)
            .ok()
            .and_then(|s| self.disasters.get(s))
            .copied()
            .unwrap_or(top)
    }

    /// The maximum of a resource track (D6): collecting past it loses the
    /// excess (ERA-15).
    pub fn resource_max(&self, resource: Resource) -> u8 {
        self.tracks.resource_max[resource]
    }

    /// The resources each player starts with (D6).
    pub fn start_resources(&self) -> ByResource<u8> {
        self.start.resources
    }

    /// Rolls per Roll step (ERA-12).
    pub fn rolls(&self) -> u8 {
        self.round.rolls
    }

    /// Food each die eats at Feed (ERA-16).
    pub fn food_per_die(&self) -> u8 {
        self.round.food_per_die
    }

    /// Disaster points per die not fed (ERA-16).
    pub fn unfed_disaster(&self) -> u32 {
        self.round.unfed_disaster
    }

    /// Disaster points per extortion demand refused (ERA-20).
    pub fn extort_disaster(&self) -> u32 {
        self.round.extort_disaster
    }

    /// Dice each Monastery sets per round (ERA-14).
    pub fn monastery_dice(&self) -> u8 {
        self.round.monastery_dice
    }

    /// Points for the most culture (D7, ERA-25).
    pub fn culture_bonus(&self) -> u32 {
        self.scoring.culture_bonus
    }

    /// Points for the largest walled area (D7, ERA-26).
    pub fn walled_area_bonus(&self) -> u32 {
        self.scoring.walled_area_bonus
    }

    /// Points of one lap of the culture track (ERA-15).
    pub fn culture_lap(&self) -> u32 {
        self.tracks.culture_lap
    }

    /// Points of one lap of the disaster track (ERA-21).
    pub fn disaster_lap(&self) -> u32 {
        self.tracks.disaster_lap
    }

    /// The pieces each player lays out besides the scorched areas, in the
    /// order they are placed (larger first).
    pub fn start_pieces(&self) -> &[Piece] {
        // The loader keeps `count` within the array.
        let count = usize::from(self.start.count).min(self.start.pieces.len());
        self.start.pieces.split_at(count).0
    }

    /// How many of `piece` are among the [start pieces](Self::start_pieces).
    pub(crate) fn start_copies(&self, piece: Piece) -> u8 {
        self.start_pieces()
            .iter()
            .filter(|&&p| p == piece)
            .fold(0, |copies: u8, _| copies.saturating_add(1))
    }

    /// Scorched areas each player lays out at this table size (ERA-4).
    pub fn start_scorched(&self, table: TableSize) -> u8 {
        self.start.scorched[table]
    }

    /// Tracking tokens in play at this table size (ERA-3).
    pub fn tracking_tokens(&self, table: TableSize) -> u8 {
        self.supply.tokens[table]
    }

    /// Buildings of each type boxed with two players (ERA-3).
    pub fn two_player_removed(&self) -> u8 {
        self.supply.two_player_removed
    }

    /// Scorched areas in the game (ERA-1).
    pub fn scorched_areas(&self) -> u8 {
        self.supply.scorched
    }

    /// Piece `index` of the layout at this table size (ERA-4, ERA-5): the
    /// start pieces, then the scorched areas.
    pub(crate) fn start_piece(&self, table: TableSize, index: u8) -> Option<Piece> {
        if let Some(&piece) = self.start_pieces().get(usize::from(index)) {
            return Some(piece);
        }
        (index < self.start_total(table)).then_some(Piece::Scorched)
    }

    /// How many pieces each player lays out at this table size.
    pub(crate) fn start_total(&self, table: TableSize) -> u8 {
        self.start.count.saturating_add(self.start_scorched(table))
    }

    fn shape(&self, piece: Piece) -> Option<&Shape> {
        self.geometry.shapes.get(piece.index()?)
    }

    /// One orientation of a piece, if it has that many.
    pub(crate) fn orientation(&self, piece: Piece, turn: u8) -> Option<Orientation> {
        let shape = self.shape(piece)?;
        if turn >= shape.count {
            return None;
        }
        shape.orientations.get(usize::from(turn)).copied()
    }

    /// The cells of `piece` in orientation `turn` with its top-left corner
    /// on `at`, if it fits inside the domain.
    pub(crate) fn cells(&self, piece: Piece, turn: u8, at: Cell) -> Option<CellSet> {
        let size = self.geometry.size;
        at.bit(size)?;
        self.orientation(piece, turn)?.at(at.row(), at.col(), size)
    }
}

/// The slot of walls of `length` (1 to 8) in a per-length array.
pub(crate) fn wall_slot<T>(per_length: &[T; MAX_WALL_LENGTH as usize], length: u8) -> Option<&T> {
    per_length.get(usize::from(length.checked_sub(1)?))
}

/// The slot of walls of `length` (1 to 8) in a per-length array, to change.
pub(crate) fn wall_slot_mut<T>(
    per_length: &mut [T; MAX_WALL_LENGTH as usize],
    length: u8,
) -> Option<&mut T> {
    per_length.get_mut(usize::from(length.checked_sub(1)?))
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
        Arc::unwrap_or_clone(r.spec)
    }
}

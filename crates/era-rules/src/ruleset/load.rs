//! Loading a [`RulesetSpec`]: each table checked on its own, then the start
//! of a game checked against the supply.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::spec::{
    BuildingsSpec, ByPlayers, DiceSpec, Disaster, DisasterRow, DisasterRule, RoundSpec,
    RulesetSpec, ScoringSpec, StartSpec, SupplySpec, TracksSpec, WallsSpec,
};
use super::{
    BuildingRule, DISASTER_ROW_COUNT, DISASTER_ROWS, Geometry, MAX_DICE_PER_COLOUR,
    MAX_START_PIECES, RoundRules, Ruleset, ScoringRules, Shape, StartRules, SupplyRules,
    TrackRules, WallRules, wall_slot_mut,
};
use crate::building::BuildingKind;
use crate::cell::{Cell, MAX_GRID};
use crate::colour::Colour;
use crate::face::{Face, ParseFaceError, parse_resources};
use crate::grid::{self, Masks};
use crate::map::{ByBuilding, ByColour, ByResource, BySide, ByTable};
use crate::piece::{MAX_WALL_LENGTH, PIECES, ParsePieceError, Piece};
use crate::symbols::Symbol;
use crate::table::TableSize;

/// Why a ruleset was refused: the field, as a dotted path
/// (`"buildings.farm.shape"`), and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesetError {
    field: String,
    reason: String,
}

impl RulesetError {
    /// Out of line: the loader refuses at many places, each a call here.
    #[cold]
    #[inline(never)]
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

impl Ruleset {
    /// Validates a spec.
    ///
    /// # Errors
    /// The first field that breaks a rule of the data: a die without six
    /// faces, an unknown letter, a negative or too large count, a shape that
    /// is not connected, a disaster table with gaps, too few pieces for the
    /// start of a 4-player game, and so on.
    pub fn new(spec: RulesetSpec) -> Result<Ruleset, RulesetError> {
        let faces = dice(&spec.dice)?;
        let size = domain_size(spec.domain_size)?;
        let buildings = buildings(&spec.buildings)?;
        let geometry = geometry(&spec.buildings, size)?;
        let walls = walls(&spec.walls)?;
        let supply = supply(&spec.supply)?;
        let start = start(&spec.start, &geometry)?;
        let tracks = tracks(&spec.tracks, &start)?;
        let round = round(&spec.round)?;
        let disasters = disaster_table(&spec.disasters)?;
        let scoring = scoring(&spec.scoring)?;
        let ruleset = Ruleset {
            spec: alloc::sync::Arc::new(spec),
            faces,
            geometry,
            buildings,
            walls,
            supply,
            start,
            tracks,
            round,
            disasters,
            scoring,
        };
        ruleset.check_start_supply()?;
        Ok(ruleset)
    }

    /// Every player's start (a Keep plus the start pieces) must come out of
    /// the supply, at every table size; and enough building types must be
    /// left in the supply for the tracking tokens to end the game (ERA-19).
    fn check_start_supply(&self) -> Result<(), RulesetError> {
        let copies = |piece: Piece| usize::from(self.start_copies(piece));
        for table in TableSize::ALL {
            let players = table.players();
            let removed = if table == TableSize::Two {
                self.supply.two_player_removed
            } else {
                0
            };
            let mut types_left = 0u8;
            for kind in BuildingKind::ALL {
                let per_player = copies(Piece::Building(kind))
                    .saturating_add(usize::from(kind == BuildingKind::Keep));
                let have = usize::from(self.building_count(kind).saturating_sub(removed));
                let needed = per_player.saturating_mul(players);
                if needed > have {
                    return Err(RulesetError::new(
                        format!("buildings.{kind}.count"),
                        format!("too few for the start of a {players}-player game"),
                    ));
                }
                if needed < have {
                    types_left = types_left.saturating_add(1);
                }
            }
            let tokens = self.tracking_tokens(table);
            if tokens > types_left {
                return Err(RulesetError::new(
                    format!("supply.tracking_tokens.{}", table.name()),
                    format!(
                        "{tokens} tokens, but only {types_left} building types are left in the supply \
                         of a {players}-player game to flip them (ERA-19)"
                    ),
                ));
            }
            for length in 1..=MAX_WALL_LENGTH {
                let needed = copies(Piece::Wall(length)).saturating_mul(players);
                if needed > usize::from(self.wall_count(length)) {
                    return Err(RulesetError::new(
                        "walls.counts",
                        format!(
                            "too few walls of length {length} for the start of a {players}-player game"
                        ),
                    ));
                }
            }
            let scorched = usize::from(self.start_scorched(table)).saturating_mul(players);
            if scorched > usize::from(self.supply.scorched) {
                return Err(RulesetError::new(
                    "supply.scorched",
                    format!("too few for the start of a {players}-player game"),
                ));
            }
        }
        Ok(())
    }
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

/// A count or small number, 0 to `max`.
fn small(field: &str, value: i64, max: u8) -> Result<u8, RulesetError> {
    let v = number(field, value, 0, i64::from(max))?;
    u8::try_from(v).map_err(|_| RulesetError::new(field, "out of range"))
}

/// A number of points, 0 to 1000.
fn points(field: &str, value: i64) -> Result<u32, RulesetError> {
    let v = number(field, value, 0, 1000)?;
    u32::try_from(v).map_err(|_| RulesetError::new(field, "out of range"))
}

/// A number of points that is at least 1.
fn positive_points(field: &str, value: i64) -> Result<u32, RulesetError> {
    let v = points(field, value)?;
    if v == 0 {
        return Err(RulesetError::new(field, "must be at least 1"));
    }
    Ok(v)
}

fn resources(field: &str, s: &str) -> Result<ByResource<u8>, RulesetError> {
    parse_resources(s).map_err(|e| RulesetError::new(field, e.to_string()))
}

/// D1: six faces per colour; the gray faces must tell the start player
/// apart (ERA-6).
fn dice(spec: &DiceSpec) -> Result<ByColour<BySide<Face>>, RulesetError> {
    let mut faces = ByColour::<BySide<Face>>::default();
    for (colour, out) in faces.iter_mut() {
        let field = format!("dice.{colour}");
        let list = spec.get(colour);
        if list.len() != 6 {
            return Err(RulesetError::new(
                field,
                format!("a die has six faces, not {}", list.len()),
            ));
        }
        for ((side, face), text) in out.iter_mut().zip(list) {
            *face = text.parse().map_err(|e: ParseFaceError| {
                RulesetError::new(format!("{field}[{}]", side.index()), e.to_string())
            })?;
        }
    }
    let mut swords = faces[Colour::Gray].values().map(|f| f.count(Symbol::Sword));
    let first = swords.next();
    if swords.all(|s| Some(s) == first) {
        return Err(RulesetError::new(
            "dice.gray",
            "the start-player roll (ERA-6) needs gray faces with different sword counts",
        ));
    }
    Ok(faces)
}

/// D2: odd, so the Keep has a centre cell, and at most [`MAX_GRID`].
fn domain_size(value: i64) -> Result<u8, RulesetError> {
    let size = small("domain_size", value, MAX_GRID)?;
    if size < 3 || size % 2 == 0 {
        return Err(RulesetError::new(
            "domain_size",
            "the domain side is odd (the Keep sits on the centre cell) and at least 3",
        ));
    }
    Ok(size)
}

/// D3: counts, costs, points, income and bonuses.
fn buildings(spec: &BuildingsSpec) -> Result<ByBuilding<BuildingRule>, RulesetError> {
    let mut rules = ByBuilding::<BuildingRule>::default();
    for (kind, rule) in rules.iter_mut() {
        let b = spec.get(kind);
        let f = |x: &str| format!("buildings.{kind}.{x}");
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
        if !kind.has_bonus() && rule.bonus != 0 {
            return Err(RulesetError::new(
                f("bonus"),
                "only Markets, Guildhalls, Universities and Cathedrals score a bonus (ERA-24)",
            ));
        }
        rule.empty_cells = b.empty_cells;
        if kind != BuildingKind::Market && !rule.empty_cells.is_adjacent() {
            return Err(RulesetError::new(
                f("empty_cells"),
                "only the Market's bonus counts empty cells (ERA-24)",
            ));
        }
    }
    Ok(rules)
}

/// D2 and the shapes of D3 and D4: every piece's orientations on a grid of
/// side `size` (ERA-7).
fn geometry(spec: &BuildingsSpec, size: u8) -> Result<Geometry, RulesetError> {
    let mut shapes = [Shape::default(); PIECES];
    for (piece, shape) in Piece::ALL.into_iter().zip(shapes.iter_mut()) {
        let cells = match piece {
            Piece::Building(kind) => {
                let field = format!("buildings.{kind}.shape");
                let cells = parse_shape(&field, &spec.get(kind).shape)?;
                if kind == BuildingKind::Keep && cells.len() != 1 {
                    return Err(RulesetError::new(
                        field,
                        "the Keep is one cell (it sits on the centre cell, ERA-4)",
                    ));
                }
                cells
            }
            Piece::Wall(length) => (0..length).map(|c| (0, c)).collect(),
            Piece::Scorched => alloc::vec![(0, 0)],
        };
        let (orientations, count) = grid::orientations(&cells, size);
        *shape = Shape {
            orientations,
            count,
        };
    }
    let half = size / 2;
    let centre = Cell::new(half, half)
        .and_then(|c| c.bit(size))
        .and_then(|bit| 1u128.checked_shl(bit))
        .ok_or_else(|| RulesetError::new("geometry.size", "the domain has no centre cell"))?;
    Ok(Geometry {
        size,
        masks: Masks::new(size),
        centre,
        shapes,
    })
}

fn parse_shape(field: &str, rows: &[String]) -> Result<Vec<(u8, u8)>, RulesetError> {
    if rows.is_empty() || rows.len() > grid::MAX_SHAPE_SIDE {
        return Err(RulesetError::new(field, "a shape has 1 to 5 rows"));
    }
    let mut cells = Vec::new();
    for (r, row) in (0u8..).zip(rows) {
        if row.chars().count() > grid::MAX_SHAPE_SIDE {
            return Err(RulesetError::new(field, "a shape has at most 5 columns"));
        }
        for (c, ch) in (0u8..).zip(row.chars()) {
            match ch {
                '#' => cells.push((r, c)),
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

/// D4: one entry per length, each length once.
fn walls(spec: &WallsSpec) -> Result<WallRules, RulesetError> {
    let mut counts = [0u8; MAX_WALL_LENGTH as usize];
    for (i, w) in spec.counts.iter().enumerate() {
        let field = format!("walls.counts[{i}]");
        let length = small(&format!("{field}.length"), w.length, MAX_WALL_LENGTH)?;
        let count = small(&format!("{field}.count"), w.count, 100)?;
        let Some(slot) = wall_slot_mut(&mut counts, length) else {
            return Err(RulesetError::new(
                format!("{field}.length"),
                "a wall is at least 1 cell long",
            ));
        };
        if *slot != 0 {
            return Err(RulesetError::new(
                format!("{field}.length"),
                "this length is listed twice",
            ));
        }
        *slot = count;
    }
    Ok(WallRules {
        counts,
        stone_per_cell: small("walls.stone_per_cell", spec.stone_per_cell, 8)?,
    })
}

/// A number per table size, `min` to `max`.
fn by_table(field: &str, spec: &ByPlayers, min: i64, max: u8) -> Result<ByTable<u8>, RulesetError> {
    let mut out = ByTable::default();
    for (table, slot) in out.iter_mut() {
        let f = format!("{field}.{}", table.name());
        let value = spec.get(table);
        number(&f, value, min, i64::from(max))?;
        *slot = small(&f, value, max)?;
    }
    Ok(out)
}

/// ERA-1, ERA-3.
fn supply(spec: &SupplySpec) -> Result<SupplyRules, RulesetError> {
    Ok(SupplyRules {
        scorched: small("supply.scorched", spec.scorched, 121)?,
        tokens: by_table("supply.tracking_tokens", &spec.tracking_tokens, 1, 12)?,
        two_player_removed: small("supply.two_player_removed", spec.two_player_removed, 100)?,
    })
}

/// ERA-4, D6: the start pieces are laid out larger first, so that they
/// always find room.
fn start(spec: &StartSpec, geometry: &Geometry) -> Result<StartRules, RulesetError> {
    let resources = resources("start.resources", &spec.resources)?;
    if spec.pieces.len() > MAX_START_PIECES {
        return Err(RulesetError::new(
            "start.pieces",
            "at most 32 starting pieces",
        ));
    }
    // Each piece with its size in cells.
    let mut listed: Vec<(Piece, u32)> = Vec::new();
    for (i, name) in spec.pieces.iter().enumerate() {
        let field = format!("start.pieces[{i}]");
        let p: Piece = name
            .parse()
            .map_err(|e: ParsePieceError| RulesetError::new(field.clone(), e.to_string()))?;
        if p == Piece::Scorched || p == Piece::Building(BuildingKind::Keep) {
            return Err(RulesetError::new(
                field,
                "the Keep and the scorched areas are given separately (ERA-4)",
            ));
        }
        let cells = p
            .index()
            .and_then(|i| geometry.shapes.get(i))
            .map(|s| s.orientations[0].mask.count_ones())
            .ok_or_else(|| RulesetError::new(field, "this piece has no shape"))?;
        listed.push((p, cells));
    }
    // Larger first, pieces of one size in the order listed: a stable sort
    // by size, done size by size (a few dozen pieces, a few dozen sizes).
    let largest = listed.iter().map(|&(_, cells)| cells).fold(0, u32::max);
    let by_size = (0..=largest).rev().flat_map(|size| {
        listed
            .iter()
            .filter(move |&&(_, cells)| cells == size)
            .map(|&(p, _)| p)
    });
    let mut pieces = [Piece::Scorched; MAX_START_PIECES];
    for (slot, p) in pieces.iter_mut().zip(by_size) {
        *slot = p;
    }
    Ok(StartRules {
        resources,
        pieces,
        count: u8::try_from(listed.len())
            .map_err(|_| RulesetError::new("start.pieces", "too many start pieces"))?,
        scorched: by_table("start.scorched", &spec.scorched, 0, 8)?,
    })
}

/// D6: the start fits on the tracks, and the laps are at least 1 point.
fn tracks(spec: &TracksSpec, start: &StartRules) -> Result<TrackRules, RulesetError> {
    let mut resource_max = ByResource::<u8>::default();
    for (r, max) in resource_max.iter_mut() {
        *max = small(
            &format!("tracks.resource_max.{r}"),
            spec.resource_max.get(r),
            50,
        )?;
    }
    let culture_lap = positive_points("tracks.culture_lap", spec.culture_lap)?;
    let disaster_lap = positive_points("tracks.disaster_lap", spec.disaster_lap)?;
    if let Some((r, _)) = start.resources.iter().find(|&(r, &n)| n > resource_max[r]) {
        return Err(RulesetError::new(
            "start.resources",
            format!("more {r} than the track holds"),
        ));
    }
    Ok(TrackRules {
        resource_max,
        culture_lap,
        disaster_lap,
    })
}

/// ERA-12 … ERA-20.
fn round(spec: &RoundSpec) -> Result<RoundRules, RulesetError> {
    let rolls = small("round.rolls", spec.rolls, 10)?;
    if rolls == 0 {
        return Err(RulesetError::new("round.rolls", "at least one roll"));
    }
    Ok(RoundRules {
        rolls,
        food_per_die: small("round.food_per_die", spec.food_per_die, 10)?,
        unfed_disaster: points("round.unfed_disaster", spec.unfed_disaster)?,
        extort_disaster: points("round.extort_disaster", spec.extort_disaster)?,
        monastery_dice: small("round.monastery_dice", spec.monastery_dice, 10)?,
    })
}

/// D7.
fn scoring(spec: &ScoringSpec) -> Result<ScoringRules, RulesetError> {
    Ok(ScoringRules {
        culture_bonus: points("scoring.culture_bonus", spec.culture_bonus)?,
        walled_area_bonus: points("scoring.walled_area_bonus", spec.walled_area_bonus)?,
    })
}

/// D5: rows from 0 skulls without gaps; only the last is open-ended.
fn disaster_table(rows: &[DisasterRow]) -> Result<[DisasterRule; DISASTER_ROWS], RulesetError> {
    let mut table = [DisasterRule::NONE; DISASTER_ROWS];
    // Rows above the last kept one would never be read.
    let top = i64::from(DISASTER_ROW_COUNT);
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
        let effect = DisasterRule {
            target: row.target,
            effect: disaster_effect(&format!("{field}.effect"), row.effect)?,
        };
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

/// A disaster's numbers, each in the range of every other point value;
/// the counts of things lost, placed or removed at most 100 (each is a
/// decision of the sufferer).
fn disaster_effect(field: &str, effect: Disaster) -> Result<Disaster, RulesetError> {
    let check = |name: &str, v: u32| points(&format!("{field}.{name}"), i64::from(v));
    let count = |name: &str, v: u32| {
        number(
            &format!("{field}.{name}"),
            i64::from(v),
            0,
            MAX_DISASTER_UNITS,
        )
    };
    match effect {
        Disaster::Points { disaster } => {
            check("disaster", disaster)?;
        }
        Disaster::PointsOrLose {
            disaster,
            resources,
        } => {
            check("disaster", disaster)?;
            count("resources", resources)?;
        }
        Disaster::Lose { resources } => {
            count("resources", resources)?;
        }
        Disaster::Disease { per_building, .. } => {
            check("per_building", per_building)?;
        }
        Disaster::Scorch { areas, .. } => {
            count("areas", areas)?;
        }
        Disaster::Remove { buildings, .. } => {
            count("buildings", buildings)?;
        }
        Disaster::None | Disaster::LoseAll { .. } => {}
    }
    Ok(effect)
}

/// The most resources, areas or buildings one disaster takes.
const MAX_DISASTER_UNITS: i64 = 100;

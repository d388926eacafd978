//! A player's domain: the square grid with the Keep, buildings, walls and
//! scorched areas (ERA-1, ERA-7 … ERA-11).

use alloc::vec::Vec;
use core::fmt;

use crate::building::BuildingKind;
use crate::cell::Cell;
#[cfg(feature = "serde")]
use crate::cell::MAX_GRID;
use crate::error::InvalidDomain;
pub use crate::grid::CellSet;
use crate::grid::{Masks, all_cells};
use crate::map::ByColour;
use crate::piece::{MAX_WALL_LENGTH, Piece};

/// One building in a domain. Only the rules place buildings, so it is read,
/// never built, outside this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Building {
    /// Its type.
    pub kind: BuildingKind,
    /// The cells it covers.
    pub cells: CellSet,
}

/// A player's domain.
///
/// ```
/// use era_rules::{Era, EraConfig};
/// use dice_core::Game;
///
/// let game = Era::new(&EraConfig::new(2)).unwrap();
/// let domain = game.domain(0).unwrap();
/// // Only the Keep, on the centre cell.
/// assert_eq!(domain.to_string().lines().nth(4), Some("....K...."));
/// ```
///
/// Serialised with cell names: `{"size": 9, "buildings": [{"kind": "keep",
/// "cells": ["e5"]}], "walls": ["a1", "b1"], "wall_counts": [...],
/// "scorched": []}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "RawDomain", try_from = "RawDomain")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Domain {
    pub(crate) size: u8,
    pub(crate) buildings: Vec<Building>,
    pub(crate) walls: CellSet,
    pub(crate) wall_counts: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) scorched: CellSet,
}

impl Domain {
    /// The text drawing's legend: one char per cell.
    pub const LEGEND: &'static str = "K keep, L longhouse, T townhouse, C church, F farm, \
M lumber mill, R market, H hospital, G guildhall, O monastery, U university, \
A cathedral, # wall, x scorched, . empty";

    pub(crate) fn new(size: u8) -> Domain {
        Domain {
            size,
            buildings: Vec::new(),
            walls: 0,
            wall_counts: [0; MAX_WALL_LENGTH as usize],
            scorched: 0,
        }
    }

    /// The side of the grid.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The buildings, in the order they were placed.
    pub fn buildings(&self) -> &[Building] {
        &self.buildings
    }

    /// The wall cells.
    pub fn walls(&self) -> CellSet {
        self.walls
    }

    /// How many walls of each length (index = length − 1) stand here.
    pub fn wall_counts(&self) -> [u8; MAX_WALL_LENGTH as usize] {
        self.wall_counts
    }

    /// The scorched cells.
    pub fn scorched(&self) -> CellSet {
        self.scorched
    }

    /// The Keep cells.
    pub fn keeps(&self) -> CellSet {
        self.cells_of(|k| k == BuildingKind::Keep)
    }

    /// The cells of buildings that are not Keeps (ERA-11).
    pub fn building_cells(&self) -> CellSet {
        self.cells_of(|k| k != BuildingKind::Keep)
    }

    fn cells_of(&self, keep: impl Fn(BuildingKind) -> bool) -> CellSet {
        self.buildings
            .iter()
            .filter(|b| keep(b.kind))
            .fold(0, |acc, b| acc | b.cells)
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> CellSet {
        self.buildings
            .iter()
            .fold(self.walls | self.scorched, |acc, b| acc | b.cells)
    }

    /// Cells with nothing on them.
    pub fn empty(&self) -> CellSet {
        all_cells(self.size) & !self.occupied()
    }

    /// How many buildings of this type stand here.
    pub fn count(&self, kind: BuildingKind) -> u8 {
        self.buildings
            .iter()
            .filter(|b| b.kind == kind)
            .fold(0, |n: u8, _| n.saturating_add(1))
    }

    /// How many of `piece` lie here: buildings of its type, walls of its
    /// length (none of a length the game has no walls of), or scorched
    /// areas.
    pub(crate) fn holds(&self, piece: Piece) -> u32 {
        match piece {
            Piece::Building(kind) => u32::from(self.count(kind)),
            Piece::Wall(length) => usize::from(length)
                .checked_sub(1)
                .and_then(|i| self.wall_counts.get(i))
                .map_or(0, |&n| u32::from(n)),
            Piece::Scorched => self.scorched.count_ones(),
        }
    }

    /// The dice this domain's buildings carry, per colour (ERA-2).
    pub fn carried_dice(&self) -> ByColour<u8> {
        ByColour::from_fn(|colour| self.count(colour.carrier()))
    }

    /// The walled cells (ERA-9): cells that are not wall or Keep cells and
    /// cannot be reached from outside the domain by orthogonal or diagonal
    /// steps through cells that are not wall or Keep cells.
    pub fn walled_cells(&self) -> CellSet {
        self.walled_with(&Masks::new(self.size))
    }

    pub(crate) fn walled_with(&self, masks: &Masks) -> CellSet {
        let blocked = self.walls | self.keeps();
        masks.enclosed(all_cells(self.size) & !blocked)
    }

    /// The walled area (ERA-10): walled cells that are not scorched.
    pub fn walled_area(&self) -> u32 {
        (self.walled_cells() & !self.scorched).count_ones()
    }

    /// Whether every cell of `building` is walled (ERA-9).
    pub fn is_walled(&self, building: &Building) -> bool {
        building.cells & !self.walled_cells() == 0
    }

    /// The number of buildings in the largest cluster (ERA-11).
    pub fn largest_cluster(&self) -> u32 {
        self.largest_cluster_with(&Masks::new(self.size))
    }

    pub(crate) fn largest_cluster_with(&self, masks: &Masks) -> u32 {
        let cells = self.building_cells();
        let mut left = cells;
        let mut best = 0;
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let comp = masks.component(seed, cells);
            let n = self
                .buildings
                .iter()
                .filter(|b| b.kind != BuildingKind::Keep && b.cells & comp != 0)
                .fold(0, |n: u32, _| n.saturating_add(1));
            best = best.max(n);
            left &= !comp;
        }
        best
    }

    /// How many buildings Disease strikes (table D5): those of the largest
    /// cluster (ERA-11) that are not next to one of this domain's
    /// Hospitals, nor a Hospital itself when `hospital_immune` (revision
    /// 3). Of clusters equally large, the one with the most buildings that
    /// are not immune counts.
    pub fn struck_by_disease(&self, hospital_immune: bool) -> u32 {
        self.struck_by_disease_with(&Masks::new(self.size), hospital_immune)
    }

    pub(crate) fn struck_by_disease_with(&self, masks: &Masks, hospital_immune: bool) -> u32 {
        let cells = self.building_cells();
        let hospitals = self.cells_of(|k| k == BuildingKind::Hospital);
        let mut left = cells;
        // (buildings, buildings not immune) of the cluster that counts.
        let mut worst = (0u32, 0u32);
        while left != 0 {
            let seed = left & left.wrapping_neg();
            let cluster = masks.component(seed, cells);
            let mut counted = (0u32, 0u32);
            for b in self
                .buildings
                .iter()
                .filter(|b| b.kind != BuildingKind::Keep && b.cells & cluster != 0)
            {
                let other_hospitals = hospitals & !b.cells;
                let immune = (hospital_immune && b.kind == BuildingKind::Hospital)
                    || masks.grow4(b.cells) & other_hospitals != 0;
                counted.0 = counted.0.saturating_add(1);
                counted.1 = counted.1.saturating_add(u32::from(!immune));
            }
            worst = worst.max(counted);
            left &= !cluster;
        }
        worst.1
    }

    /// The building covering `cell`, if any.
    pub fn building_at(&self, cell: Cell) -> Option<(usize, &Building)> {
        let bit = cell.bit(self.size)?;
        self.buildings
            .iter()
            .enumerate()
            .find(|(_, b)| b.cells >> bit & 1 == 1)
    }

    /// What is drawn on one cell (see [`LEGEND`](Domain::LEGEND)).
    pub fn cell_char(&self, cell: Cell) -> char {
        let Some(bit) = cell.bit(self.size) else {
            return ' ';
        };
        if let Some((_, b)) = self.building_at(cell) {
            b.kind.letter()
        } else if self.walls >> bit & 1 == 1 {
            '#'
        } else if self.scorched >> bit & 1 == 1 {
            'x'
        } else {
            '.'
        }
    }

    /// How many wall cells the walls counted cover.
    fn counted_wall_cells(&self) -> u32 {
        (1u32..)
            .zip(self.wall_counts)
            .map(|(length, count)| length.saturating_mul(u32::from(count)))
            .sum()
    }

    /// The walls counted cover exactly the wall cells (table D4).
    pub(crate) fn check_wall_counts(&self) -> Result<(), InvalidDomain> {
        let counted = self.counted_wall_cells();
        let cells = self.walls.count_ones();
        if counted == cells {
            Ok(())
        } else {
            Err(InvalidDomain::WallCells { counted, cells })
        }
    }

    /// The cells of a set, in row order.
    pub fn cells(&self, set: CellSet) -> impl Iterator<Item = Cell> + '_ {
        let size = self.size;
        (0..u32::from(size).saturating_mul(u32::from(size)))
            .filter(move |&b| set >> b & 1 == 1)
            .filter_map(move |b| Cell::from_bit(b, size))
    }
}

impl fmt::Display for Domain {
    /// One line per row, one char per cell ([`Domain::LEGEND`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.size {
            if r > 0 {
                writeln!(f)?;
            }
            for c in 0..self.size {
                let ch = Cell::new(r, c).map_or(' ', |cell| self.cell_char(cell));
                write!(f, "{ch}")?;
            }
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct RawBuilding {
    pub(crate) kind: BuildingKind,
    pub(crate) cells: Vec<Cell>,
}

/// The serialised form of a [`Domain`]: cells by name.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct RawDomain {
    pub(crate) size: u8,
    pub(crate) buildings: Vec<RawBuilding>,
    pub(crate) walls: Vec<Cell>,
    pub(crate) wall_counts: [u8; MAX_WALL_LENGTH as usize],
    pub(crate) scorched: Vec<Cell>,
}

#[cfg(feature = "serde")]
impl From<Domain> for RawDomain {
    fn from(d: Domain) -> Self {
        let names = |set: CellSet| d.cells(set).collect::<Vec<_>>();
        RawDomain {
            size: d.size,
            buildings: d
                .buildings
                .iter()
                .map(|b| RawBuilding {
                    kind: b.kind,
                    cells: names(b.cells),
                })
                .collect(),
            walls: names(d.walls),
            wall_counts: d.wall_counts,
            scorched: names(d.scorched),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RawDomain> for Domain {
    type Error = InvalidDomain;

    /// Checks what holds in any domain: every cell inside the grid, listed
    /// once, no two pieces on one cell (ERA-7), and wall cells as many as
    /// the walls counted cover.
    fn try_from(raw: RawDomain) -> Result<Self, InvalidDomain> {
        if raw.size > MAX_GRID {
            return Err(InvalidDomain::TooLarge(raw.size));
        }
        let size = raw.size;
        // Every cell taken so far, by any piece.
        let mut taken: CellSet = 0;
        let mut set = |cells: &[Cell]| -> Result<CellSet, InvalidDomain> {
            let mut piece: CellSet = 0;
            for &cell in cells {
                let bit = cell
                    .bit(size)
                    .ok_or(InvalidDomain::CellOutside { cell, size })?;
                let mask = 1u128 << bit;
                if piece & mask != 0 {
                    return Err(InvalidDomain::CellTwice(cell));
                }
                if taken & mask != 0 {
                    return Err(InvalidDomain::Overlap(cell));
                }
                piece |= mask;
                taken |= mask;
            }
            Ok(piece)
        };
        let mut buildings = Vec::with_capacity(raw.buildings.len().min(128));
        for (index, b) in raw.buildings.iter().enumerate() {
            let cells = set(&b.cells)?;
            if cells == 0 {
                return Err(InvalidDomain::NoCells {
                    index,
                    kind: b.kind,
                });
            }
            buildings.push(Building {
                kind: b.kind,
                cells,
            });
        }
        let domain = Domain {
            size,
            buildings,
            walls: set(&raw.walls)?,
            wall_counts: raw.wall_counts,
            scorched: set(&raw.scorched)?,
        };
        domain.check_wall_counts()?;
        Ok(domain)
    }
}

//! Domain geometry on 128-bit cell sets: orientations (ERA-7), adjacency
//! (ERA-8), walled cells (ERA-9) and clusters (ERA-11).
//!
//! Cell `(row, col)` of a grid of side `n` is bit `row * n + col`.

use alloc::vec::Vec;

use crate::cell::Cell;

/// A set of cells of one domain, one bit per cell: cell `(row, col)` of a
/// domain of side `n` is bit `row * n + col`.
pub type CellSet = u128;

/// All cells of a grid of side `n`.
pub(crate) fn all_cells(n: u8) -> CellSet {
    below(u32::from(n).saturating_mul(u32::from(n)))
}

/// The first `bits` bits (all 128 from 128 on).
fn below(bits: u32) -> CellSet {
    // `1 << bits` is at least 1, so taking 1 never wraps.
    1u128
        .checked_shl(bits)
        .map_or(CellSet::MAX, |bit| bit.wrapping_sub(1))
}

/// The cell `(row, col)` of a grid of side `n`, as a set: empty outside
/// the grid.
fn cell(n: u8, row: u8, col: u8) -> CellSet {
    Cell::new(row, col)
        .and_then(|c| c.bit(n))
        .and_then(|bit| 1u128.checked_shl(bit))
        .map_or(0, |set| set)
}

/// Cells of column `col`.
fn column(n: u8, col: u8) -> CellSet {
    (0..n).fold(0, |set, r| set | cell(n, r, col))
}

/// The edge cells of the grid.
pub(crate) fn border(n: u8) -> CellSet {
    let Some(last) = n.checked_sub(1) else {
        return 0;
    };
    (0..n).fold(0, |set, i| {
        set | cell(n, 0, i) | cell(n, last, i) | cell(n, i, 0) | cell(n, i, last)
    })
}

/// Masks that keep a shifted set from wrapping across rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Masks {
    n: u32,
    all: CellSet,
    not_first_col: CellSet,
    not_last_col: CellSet,
    border: CellSet,
}

impl Masks {
    pub(crate) fn new(n: u8) -> Masks {
        // Every grid fits 128 bits: a domain side is at most `MAX_GRID`.
        let n = n.min(crate::cell::MAX_GRID);
        let all = all_cells(n);
        Masks {
            n: u32::from(n),
            all,
            not_first_col: all & !column(n, 0),
            not_last_col: all & n.checked_sub(1).map_or(all, |last| !column(n, last)),
            border: border(n),
        }
    }

    fn sideways(&self, set: CellSet) -> CellSet {
        ((set << 1) & self.not_first_col) | ((set >> 1) & self.not_last_col)
    }

    fn vertical(&self, set: CellSet) -> CellSet {
        ((set << self.n) | (set >> self.n)) & self.all
    }

    /// The set and its side-neighbours (ERA-8 adjacency).
    pub(crate) fn grow4(&self, set: CellSet) -> CellSet {
        set | self.sideways(set) | self.vertical(set)
    }

    /// The set and all eight neighbours of each cell (ERA-9 steps).
    pub(crate) fn grow8(&self, set: CellSet) -> CellSet {
        let row = set | self.sideways(set);
        row | self.vertical(row)
    }

    /// Cells that cannot be reached from outside by orthogonal or diagonal
    /// steps through `open` cells (ERA-9); only open cells are returned.
    pub(crate) fn enclosed(&self, open: CellSet) -> CellSet {
        let open = open & self.all;
        let mut reach = self.border & open;
        loop {
            let next = self.grow8(reach) & open;
            if next == reach {
                return open & !reach;
            }
            reach = next;
        }
    }

    /// The 4-connected component of `within` holding `seed`.
    pub(crate) fn component(&self, seed: CellSet, within: CellSet) -> CellSet {
        let mut comp = seed & within;
        loop {
            let next = self.grow4(comp) & within;
            if next == comp {
                return comp;
            }
            comp = next;
        }
    }
}

/// One orientation of a shape: its cells anchored at the top-left cell of
/// the grid, and its height and width.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Orientation {
    pub(crate) mask: CellSet,
    pub(crate) height: u8,
    pub(crate) width: u8,
    /// The cells its top-left corner may sit on and the shape stay inside
    /// the grid.
    pub(crate) anchors: CellSet,
}

impl Orientation {
    /// Every cell its top-left corner may sit on with the whole shape on
    /// `free` cells: one shift per cell of the shape, no search.
    pub(crate) fn fitting(&self, free: CellSet) -> CellSet {
        let mut fits = self.anchors;
        let mut cells = self.mask;
        while cells != 0 && fits != 0 {
            let bit = cells.trailing_zeros();
            fits &= free >> bit;
            cells ^= 1u128 << bit;
        }
        fits
    }

    /// The cells when the shape's top-left corner sits on `(row, col)` of a
    /// grid of side `n`, if it fits inside.
    pub(crate) fn at(&self, row: u8, col: u8, n: u8) -> Option<CellSet> {
        if row.checked_add(self.height)? > n || col.checked_add(self.width)? > n {
            return None;
        }
        let shift = u32::from(row)
            .saturating_mul(u32::from(n))
            .saturating_add(u32::from(col));
        self.mask.checked_shl(shift)
    }
}

/// The largest side of a shape's bounding box.
pub const MAX_SHAPE_SIDE: usize = 5;

/// The distinct orientations (four rotations, then their mirror images;
/// repeats of an earlier one dropped) of a shape given as `(row, col)`
/// cells of a box of at most [`MAX_SHAPE_SIDE`] squared, for a grid of
/// side `n`. Returns the list and its length.
pub(crate) fn orientations(cells: &[(u8, u8)], n: u8) -> ([Orientation; 8], u8) {
    let mut found: Vec<(u32, Orientation)> = Vec::new();
    for transform in 0..8 {
        let Some(turned) = turn(cells, transform) else {
            continue;
        };
        if found.iter().any(|&(key, _)| key == turned.key) {
            continue;
        }
        if let Some(o) = turned.on_grid(n) {
            found.push((turned.key, o));
        }
    }
    let mut out = [Orientation::default(); 8];
    for (slot, (_, o)) in out.iter_mut().zip(&found) {
        *slot = *o;
    }
    // At most the eight orientations of `out`: the count fits a u8.
    (out, u8::try_from(found.len()).unwrap_or(u8::MAX))
}

/// One orientation of a shape, moved to the top-left corner of its box:
/// its cells as a set of the `MAX_SHAPE_SIDE`-square box, and its cells.
struct Turned {
    key: u32,
    cells: Vec<(u8, u8)>,
    height: u8,
    width: u8,
}

/// The shape rotated `transform % 4` quarter turns, mirrored first when
/// `transform >= 4`.
fn turn(cells: &[(u8, u8)], transform: u8) -> Option<Turned> {
    let last = u8::try_from(MAX_SHAPE_SIDE).ok()?.checked_sub(1)?;
    let flip = |x: u8| last.checked_sub(x);
    let mut moved = Vec::with_capacity(cells.len());
    for &(r, c) in cells {
        let c = if transform >= 4 { flip(c)? } else { c };
        moved.push(match transform % 4 {
            0 => (r, c),
            1 => (c, flip(r)?),
            2 => (flip(r)?, flip(c)?),
            _ => (flip(c)?, r),
        });
    }
    let top = moved.iter().map(|&(r, _)| r).min()?;
    let left = moved.iter().map(|&(_, c)| c).min()?;
    let mut key = 0u32;
    let (mut height, mut width) = (0, 0);
    for cell in &mut moved {
        *cell = (cell.0.checked_sub(top)?, cell.1.checked_sub(left)?);
        let bit = u32::from(cell.0)
            .checked_mul(u32::from(last).checked_add(1)?)?
            .checked_add(u32::from(cell.1))?;
        key |= 1u32.checked_shl(bit)?;
        height = height.max(cell.0.checked_add(1)?);
        width = width.max(cell.1.checked_add(1)?);
    }
    Some(Turned {
        key,
        cells: moved,
        height,
        width,
    })
}

impl Turned {
    /// The orientation on a grid of side `n`, anchored at its top-left cell.
    fn on_grid(&self, n: u8) -> Option<Orientation> {
        let mut mask: CellSet = 0;
        for &(r, c) in &self.cells {
            mask |= 1u128.checked_shl(Cell::new(r, c)?.bit(n)?)?;
        }
        let mut anchors: CellSet = 0;
        for row in 0..=n.checked_sub(self.height)? {
            for col in 0..=n.checked_sub(self.width)? {
                anchors |= 1u128.checked_shl(Cell::new(row, col)?.bit(n)?)?;
            }
        }
        Some(Orientation {
            mask,
            height: self.height,
            width: self.width,
            anchors,
        })
    }
}

/// Whether the cells form one 4-connected group.
pub(crate) fn is_connected(cells: &[(u8, u8)]) -> bool {
    // The cells of a 5 × 5 box by their place in `cells`: at most 25 bits.
    if cells.is_empty() || cells.len() > 32 {
        return false;
    }
    let touch = |(r, c): (u8, u8), (r2, c2): (u8, u8)| {
        (r == r2 && c.abs_diff(c2) == 1) || (c == c2 && r.abs_diff(r2) == 1)
    };
    let mut reached: u32 = 1;
    loop {
        let next = cells.iter().enumerate().fold(reached, |set, (i, &a)| {
            let near = cells
                .iter()
                .enumerate()
                .any(|(j, &b)| reached >> j & 1 == 1 && touch(a, b));
            if near { set | 1 << i } else { set }
        });
        if next == reached {
            return next.count_ones() as usize == cells.len();
        }
        reached = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_l_tromino_has_four_orientations_and_a_square_one() {
        let l = [(0, 0), (1, 0), (1, 1)];
        assert_eq!(orientations(&l, 9).1, 4);
        let square = [(0, 0), (0, 1), (1, 0), (1, 1)];
        assert_eq!(orientations(&square, 9).1, 1);
        let bar = [(0, 0), (0, 1)];
        assert_eq!(orientations(&bar, 9).1, 2);
        let six = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)];
        assert_eq!(orientations(&six, 9).1, 2);
    }

    #[test]
    fn a_closed_ring_encloses_its_middle() {
        let m = Masks::new(9);
        let all = all_cells(9);
        let bit = |r: u32, c: u32| 1u128 << (r * 9 + c);
        let mut ring = 0;
        for r in 2..=4 {
            for c in 2..=4 {
                if (r, c) != (3, 3) {
                    ring |= bit(r, c);
                }
            }
        }
        assert_eq!(m.enclosed(all & !ring), bit(3, 3));
    }
}

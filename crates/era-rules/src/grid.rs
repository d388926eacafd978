//! Domain geometry on 128-bit cell sets: orientations (ERA-7), adjacency
//! (ERA-8), walled cells (ERA-9) and clusters (ERA-11).
//!
//! Cell `(row, col)` of a grid of side `n` is bit `row * n + col`.

/// A set of cells of one domain, one bit per cell.
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

/// The cell `(row, col)` of a grid of side `n`; empty beyond 128 bits.
fn cell(n: u8, row: u8, col: u8) -> CellSet {
    let bit = u32::from(row)
        .saturating_mul(u32::from(n))
        .saturating_add(u32::from(col));
    1u128.checked_shl(bit).unwrap_or(0)
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
    let first_row = below(u32::from(n));
    let last_row = first_row
        .checked_shl(u32::from(last).saturating_mul(u32::from(n)))
        .unwrap_or(0);
    (first_row | last_row | column(n, 0) | column(n, last)) & all_cells(n)
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
            not_last_col: all & !column(n, n.saturating_sub(1)),
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
}

impl Orientation {
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
/// cells, for a grid of side `n`. Returns the list and its length.
#[allow(clippy::many_single_char_names)]
#[expect(
    clippy::arithmetic_side_effects,
    reason = "coordinates come from u8, so every i16 here is within -255..=510; \
              r and c are below 8 after the check, and a grid side below 256"
)]
pub(crate) fn orientations(cells: &[(u8, u8)], n: u8) -> ([Orientation; 8], usize) {
    let mut out = [Orientation::default(); 8];
    let mut len = 0;
    let mut seen = [0u64; 8];
    for t in 0..8u8 {
        let mut pts = [(0i16, 0i16); 64];
        let count = cells.len().min(pts.len());
        for (p, &(r, c)) in pts.iter_mut().zip(cells) {
            let (r, c) = (i16::from(r), i16::from(c));
            let (r, c) = if t >= 4 { (r, -c) } else { (r, c) };
            *p = match t % 4 {
                0 => (r, c),
                1 => (c, -r),
                2 => (-r, -c),
                _ => (-c, r),
            };
        }
        let pts = pts.get(..count).unwrap_or(&[]);
        let min_r = pts.iter().map(|p| p.0).min().unwrap_or(0);
        let min_c = pts.iter().map(|p| p.1).min().unwrap_or(0);
        // An 8x8 box as a 64-bit key, independent of the grid.
        let mut key = 0u64;
        let (mut h, mut w) = (0u8, 0u8);
        for &(r, c) in pts {
            let (r, c) = (r - min_r, c - min_c);
            let (r, c) = (u8::try_from(r).unwrap_or(0), u8::try_from(c).unwrap_or(0));
            if r >= 8 || c >= 8 {
                continue;
            }
            key |= 1 << (u32::from(r) * 8 + u32::from(c));
            h = h.max(r + 1);
            w = w.max(c + 1);
        }
        if seen.iter().take(len).any(|&s| s == key) {
            continue;
        }
        let mut mask = 0u128;
        for bit in 0..64u32 {
            if key & (1 << bit) != 0 {
                let (r, c) = (bit / 8, bit % 8);
                if r < u32::from(n) && c < u32::from(n) {
                    mask |= 1u128.checked_shl(r * u32::from(n) + c).unwrap_or(0);
                }
            }
        }
        if let (Some(o), Some(s)) = (out.get_mut(len), seen.get_mut(len)) {
            *o = Orientation {
                mask,
                height: h,
                width: w,
            };
            *s = key;
            len += 1;
        }
    }
    (out, len)
}

/// Whether the cells form one 4-connected group.
pub(crate) fn is_connected(cells: &[(u8, u8)]) -> bool {
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut reached = [false; MAX_SHAPE_SIDE * MAX_SHAPE_SIDE];
    let Some(r0) = reached.get_mut(0) else {
        return false;
    };
    *r0 = true;
    let _ = first;
    let mut changed = true;
    while changed {
        changed = false;
        for (i, &(r, c)) in cells.iter().enumerate() {
            if reached.get(i).copied().unwrap_or(true) {
                continue;
            }
            let touches = cells.iter().enumerate().any(|(j, &(r2, c2))| {
                reached.get(j).copied().unwrap_or(false)
                    && r.abs_diff(r2).saturating_add(c.abs_diff(c2)) == 1
            });
            if touches {
                if let Some(x) = reached.get_mut(i) {
                    *x = true;
                }
                changed = true;
            }
        }
    }
    reached.iter().take(cells.len()).all(|&x| x)
}

#[cfg(test)]
#[allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::arithmetic_side_effects
)]
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

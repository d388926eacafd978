//! Walled cells (ERA-9) and clusters (ERA-11) against plain brute-force
//! references on random domains.

#![allow(
    clippy::needless_range_loop,
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::arithmetic_side_effects,
    reason = "brute-force references, written as plainly as possible to be obviously right"
)]

extern crate std;

use alloc::vec::Vec;

use proptest::prelude::*;

use crate::building::BuildingKind;
use crate::domain::{Building, Domain};
use crate::grid::all_cells;

const N: usize = 9;

fn at(set: u128, r: usize, c: usize) -> bool {
    set >> (r * N + c) & 1 == 1
}

/// Breadth-first search from every open edge cell, eight directions.
fn walled_reference(blocked: u128) -> u128 {
    let mut reached = [[false; N]; N];
    let mut queue = Vec::new();
    for r in 0..N {
        for c in 0..N {
            let edge = r == 0 || c == 0 || r == N - 1 || c == N - 1;
            if edge && !at(blocked, r, c) {
                reached[r][c] = true;
                queue.push((r, c));
            }
        }
    }
    while let Some((r, c)) = queue.pop() {
        for dr in -1i32..=1 {
            for dc in -1i32..=1 {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr < 0 || nc < 0 || nr >= N as i32 || nc >= N as i32 {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if !reached[nr][nc] && !at(blocked, nr, nc) {
                    reached[nr][nc] = true;
                    queue.push((nr, nc));
                }
            }
        }
    }
    let mut walled = 0u128;
    for r in 0..N {
        for c in 0..N {
            if !reached[r][c] && !at(blocked, r, c) {
                walled |= 1 << (r * N + c);
            }
        }
    }
    walled
}

/// Union of buildings touching side to side, counted by repeated merging.
fn largest_cluster_reference(buildings: &[u128]) -> u32 {
    let touch = |a: u128, b: u128| {
        (0..N * N).any(|i| {
            a >> i & 1 == 1 && {
                let (r, c) = (i / N, i % N);
                let near = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                near.iter()
                    .any(|&(nr, nc)| nr < N && nc < N && at(b, nr, nc))
            }
        })
    };
    let n = buildings.len();
    let mut group: Vec<usize> = (0..n).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..n {
            for j in 0..n {
                if group[i] != group[j] && touch(buildings[i], buildings[j]) {
                    let (a, b) = (group[i].min(group[j]), group[i].max(group[j]));
                    for g in &mut group {
                        if *g == b {
                            *g = a;
                        }
                    }
                    changed = true;
                }
            }
        }
    }
    let mut best = 0;
    for g in 0..n {
        best = best.max(group.iter().filter(|&&x| x == g).count());
    }
    u32::try_from(best).unwrap()
}

fn domain(walls: u128, pieces: &[(usize, bool)]) -> Domain {
    let mut d = Domain::new(9);
    d.walls = walls & all_cells(9) & !(1 << 40);
    d.buildings.push(Building {
        kind: BuildingKind::Keep,
        cells: 1 << 40,
    });
    for &(cell, wide) in pieces {
        let (r, c) = (cell / N, cell % N);
        let cells = if wide && c + 1 < N {
            (1u128 << cell) | (1u128 << (cell + 1))
        } else {
            1u128 << cell
        };
        let _ = r;
        if cells & d.occupied() == 0 {
            d.buildings.push(Building {
                kind: BuildingKind::Market,
                cells,
            });
        }
    }
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn era_9_walled_cells_match_a_brute_force_search(walls in any::<u128>(), density in 0u32..4) {
        // Sparser walls by and-ing with more random words.
        let mut w = walls;
        let mut x = walls.rotate_left(17) ^ 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;
        for _ in 0..density {
            x = x.rotate_left(29).wrapping_mul(0x2545_F491_4F6C_DD1D);
            w &= x | walls.rotate_right(7);
        }
        let d = domain(w, &[]);
        prop_assert_eq!(d.walled_cells(), walled_reference(d.walls | d.keeps()));
    }

    #[test]
    fn era_11_clusters_match_a_brute_force_merge(
        pieces in proptest::collection::vec((0usize..81, any::<bool>()), 0..30),
    ) {
        let d = domain(0, &pieces);
        let cells: Vec<u128> = d
            .buildings
            .iter()
            .filter(|b| b.kind != BuildingKind::Keep)
            .map(|b| b.cells)
            .collect();
        prop_assert_eq!(d.largest_cluster(), largest_cluster_reference(&cells));
    }
}

#[test]
fn references_agree_on_a_ring() {
    let ring = [0usize, 1, 2, 9, 11, 18, 19, 20]
        .iter()
        .fold(0u128, |a, &i| a | 1 << i);
    assert_eq!(walled_reference(ring), 1 << 10);
    assert_eq!(largest_cluster_reference(&[1, 2, 1 << 5]), 2);
}

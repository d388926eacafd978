//! End-of-game scoring (ERA-23 … ERA-28), every component apart.

use alloc::vec::Vec;

use dice_core::seat::PerSeat;
use dice_core::{GameResult, Seat};

use crate::building::BuildingKind;
use crate::ruleset::EmptyCells;
use crate::state::{Era, MAX_PLAYERS};

/// One player's final score, component by component.
///
/// `total = buildings + walled + markets + guildhalls + universities +
/// cathedrals + culture + culture_bonus + walled_area_bonus − disasters`.
///
/// Read it, never build it: a component added by a later rules revision
/// is not a breaking change.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Score {
    /// ERA-23: the points of every building.
    pub buildings: u32,
    /// ERA-23: the points of walled buildings once more (they score double).
    pub walled: u32,
    /// ERA-24: Market bonus.
    pub markets: u32,
    /// ERA-24: Guildhall bonus.
    pub guildhalls: u32,
    /// ERA-24: University bonus.
    pub universities: u32,
    /// ERA-24: Cathedral bonus.
    pub cathedrals: u32,
    /// ERA-25: one point per culture.
    pub culture: u32,
    /// ERA-25: the culture bonus, for the most culture.
    pub culture_bonus: u32,
    /// ERA-26: the walled-area bonus, for the largest walled area.
    pub walled_area_bonus: u32,
    /// ERA-27: disaster points, subtracted.
    pub disasters: u32,
    /// The walled area (ERA-10), for reference.
    pub walled_area: u32,
}

impl Score {
    /// The final score.
    pub fn total(&self) -> i64 {
        let plus = [
            self.buildings,
            self.walled,
            self.markets,
            self.guildhalls,
            self.universities,
            self.cathedrals,
            self.culture,
            self.culture_bonus,
            self.walled_area_bonus,
        ]
        .iter()
        .map(|&x| i64::from(x))
        .fold(0, i64::saturating_add);
        plus.saturating_sub(i64::from(self.disasters))
    }
}

impl Era {
    /// Every player's score as it would be if the game ended now.
    pub fn scores(&self) -> Vec<Score> {
        self.score_table().as_slice().to_vec()
    }

    /// [`scores`](Self::scores) in a table of seats, built without
    /// allocating.
    pub(crate) fn score_table(&self) -> PerSeat<Score, MAX_PLAYERS> {
        let r = self.ruleset();
        let mut scores = self.players.map(|_, p| {
            let d = &p.domain;
            let walled = d.walled_with(&r.geometry.masks);
            let mut s = Score {
                walled_area: (walled & !d.scorched).count_ones(),
                culture: p.culture,
                disasters: p.disaster,
                ..Score::default()
            };
            let empty = d.empty();
            // ERA-24, D3: the empty cells a Market on `cells` counts: its
            // side-neighbours (ERA-8), or every one of the domain.
            let market_cells = |scope, cells| match scope {
                EmptyCells::Adjacent => (r.geometry.masks.grow4(cells) & empty).count_ones(),
                EmptyCells::Domain => empty.count_ones(),
            };
            let left = p.resources.total();
            let dice = p.owned.total();
            for b in &d.buildings {
                let rule = &r.buildings[b.kind];
                s.buildings = s.buildings.saturating_add(rule.points);
                if b.cells & !walled == 0 {
                    s.walled = s.walled.saturating_add(rule.points);
                }
                let (slot, units) = match b.kind {
                    BuildingKind::Market => {
                        (&mut s.markets, market_cells(rule.empty_cells, b.cells))
                    }
                    BuildingKind::Guildhall => (&mut s.guildhalls, left),
                    BuildingKind::University => (&mut s.universities, p.culture),
                    BuildingKind::Cathedral => (&mut s.cathedrals, dice),
                    _ => continue,
                };
                *slot = slot.saturating_add(rule.bonus.saturating_mul(units));
            }
            s
        });
        let most_culture = scores
            .as_slice()
            .iter()
            .map(|s| s.culture)
            .fold(0, u32::max);
        let most_walled = scores
            .as_slice()
            .iter()
            .map(|s| s.walled_area)
            .fold(0, u32::max);
        for s in scores.as_mut_slice() {
            if most_culture >= 1 && s.culture == most_culture {
                s.culture_bonus = r.scoring.culture_bonus;
            }
            if most_walled >= 1 && s.walled_area == most_walled {
                s.walled_area_bonus = r.scoring.walled_area_bonus;
            }
        }
        scores
    }

    /// ERA-28: highest score, then most goods, stone, wood, food; still
    /// tied: a shared victory.
    pub(crate) fn final_result(&self) -> GameResult {
        let scores = self
            .scores()
            .iter()
            // Decoded states keep totals far inside `i32`; a total beyond
            // it still ranks where it belongs.
            .map(|s| {
                let total = s.total().clamp(i64::from(i32::MIN), i64::from(i32::MAX));
                i32::try_from(total).unwrap_or(i32::MAX)
            })
            .collect();
        let tiebreaks = self
            .players
            .iter()
            .map(|(_, p)| p.resources.values().map(|&n| i32::from(n)).collect())
            .collect();
        GameResult::by_ranking(scores, tiebreaks)
    }

    /// The winners of [`final_result`](Self::final_result) (ERA-28: highest
    /// score, then most goods, stone, wood, food; still tied, all of them),
    /// in seat order, into `out`: nothing allocated once `out` has room.
    pub(crate) fn final_winners_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        let table = self.score_table();
        let key = |seat: Seat| {
            let total = table
                .get(seat)?
                .total()
                .clamp(i64::from(i32::MIN), i64::from(i32::MAX));
            let resources = &self.players.get(seat)?.resources;
            // One figure per resource: `ByResource` has four.
            let mut figures = [0i32; 4];
            for (slot, &n) in figures.iter_mut().zip(resources.values()) {
                *slot = i32::from(n);
            }
            Some((total, figures))
        };
        let seats = self.players.turn_order().seats();
        let best = seats.clone().filter_map(key).max();
        out.extend(seats.filter(|&seat| best.is_some() && key(seat) == best));
    }
}

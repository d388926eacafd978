//! ERA-17 and table D5: the skulls showing pick each player's disaster,
//! resolved in turn order from the start player. Treachery and Fire wait
//! for a player's choice; the others act at once.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::error::EraError;
use crate::grid::CellSet;
use crate::map::ByResource;
use crate::piece::Piece;
use crate::ruleset::Disaster;
use crate::state::Era;
use crate::step::{Progress, Step};
use crate::symbols::Resource;

impl Era {
    /// Resolves the disaster of the player at `turn`.
    pub(crate) fn advance_disasters(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        let seat = self.seat(turn);
        let disaster = self.ruleset().disaster(self.skulls(seat));
        let masks = self.ruleset().geometry.masks;
        let Some(p) = self.players.get_mut(seat) else {
            return Progress::Finished;
        };
        match disaster {
            Disaster::None => {}
            Disaster::Brigands => p.resources[Resource::Goods] = 0,
            Disaster::Treachery { .. } => {
                self.step = Step::Treachery { turn, by: 1 };
                return Progress::Moved;
            }
            Disaster::Disease { per_building } => {
                let struck = p.domain.struck_by_disease_with(&masks);
                self.add_disaster(seat, struck.saturating_mul(per_building));
            }
            Disaster::Fire => {
                self.step = Step::Fire { turn };
                return Progress::Moved;
            }
            Disaster::Revolt { disaster } => {
                p.resources = ByResource::default();
                self.add_disaster(seat, disaster);
            }
        }
        self.step = Step::Disasters {
            turn: turn.saturating_add(1),
        };
        Progress::Moved
    }

    // ----- Treachery -----

    pub(crate) fn check_treachery(&self, turn: u8, action: Action) -> Result<(), EraError> {
        let Action::Scorch(cell) = action else {
            return Err(self.wrong_step(action));
        };
        if self.scorched_supply > 0 && self.scorchable(turn) & self.cell_mask(cell) != 0 {
            Ok(())
        } else {
            Err(EraError::NotEmpty(cell))
        }
    }

    pub(crate) fn play_treachery(&mut self, turn: u8, by: u8, action: Action) {
        if let Action::Scorch(cell) = action {
            let victim = self.seat(turn);
            let mask = self.cell_mask(cell);
            self.take_from_supply(victim, Piece::Scorched);
            self.place(victim, Piece::Scorched, mask);
            self.step = Step::Treachery {
                turn,
                by: by.saturating_add(1),
            };
        }
    }

    pub(crate) fn legal_treachery(&self, turn: u8, out: &mut Vec<Action>) {
        self.push_cells(self.scorchable(turn), out, Action::Scorch);
    }

    /// Each opponent scorches a cell, or the victim takes the row's points
    /// when there is no empty cell or no scorched area left.
    pub(crate) fn advance_treachery(&mut self, turn: u8, by: u8) -> Progress {
        if by >= self.seats() {
            self.step = Step::Disasters {
                turn: turn.saturating_add(1),
            };
            return Progress::Moved;
        }
        if self.scorched_supply > 0 && self.scorchable(turn) != 0 {
            return Progress::Wait;
        }
        let victim = self.seat(turn);
        let points = match self.ruleset().disaster(self.skulls(victim)) {
            Disaster::Treachery {
                disaster_without_cell,
            } => disaster_without_cell,
            _ => 0,
        };
        self.add_disaster(victim, points);
        self.step = Step::Treachery {
            turn,
            by: by.saturating_add(1),
        };
        Progress::Moved
    }

    /// The empty cells of the victim's domain.
    fn scorchable(&self, turn: u8) -> CellSet {
        self.players
            .get(self.seat(turn))
            .map_or(0, |p| p.domain.empty())
    }

    // ----- Fire -----

    pub(crate) fn check_fire(&self, turn: u8, action: Action) -> Result<(), EraError> {
        let Action::Burn(cell) = action else {
            return Err(self.wrong_step(action));
        };
        if self.burnable(self.seat(turn)) & self.cell_mask(cell) != 0 {
            Ok(())
        } else {
            Err(EraError::NotBurnable(cell))
        }
    }

    /// The burnt building goes to the box; the next player's disaster
    /// follows.
    pub(crate) fn play_fire(&mut self, seat: Seat, turn: u8, action: Action) {
        if let Action::Burn(cell) = action {
            if let Some(p) = self.players.get_mut(seat) {
                if let Some((i, b)) = p.domain.building_at(cell) {
                    let kind = b.kind;
                    p.domain.buildings.remove(i);
                    self.boxed[kind] = self.boxed[kind].saturating_add(1);
                }
            }
            self.step = Step::Disasters {
                turn: turn.saturating_add(1),
            };
        }
    }

    pub(crate) fn legal_fire(&self, turn: u8, out: &mut Vec<Action>) {
        self.push_cells(self.burnable(self.seat(turn)), out, Action::Burn);
    }

    /// Nothing to burn: nothing happens.
    pub(crate) fn advance_fire(&mut self, turn: u8) -> Progress {
        if self.burnable(self.seat(turn)) != 0 {
            return Progress::Wait;
        }
        self.step = Step::Disasters {
            turn: turn.saturating_add(1),
        };
        Progress::Moved
    }

    /// The cells of `seat`'s buildings that Fire may take: not walled, not
    /// a Keep.
    pub(crate) fn burnable(&self, seat: Seat) -> CellSet {
        let Some(p) = self.players.get(seat) else {
            return 0;
        };
        let walled = p.domain.walled_with(&self.ruleset().geometry.masks);
        p.domain
            .buildings
            .iter()
            .filter(|b| b.kind != BuildingKind::Keep && b.cells & !walled != 0)
            .fold(0, |acc, b| acc | b.cells)
    }

    /// The cell as a one-cell set of this game's domains; empty when it
    /// lies outside.
    fn cell_mask(&self, cell: Cell) -> CellSet {
        cell.bit(self.ruleset().geometry.size)
            .map_or(0, |bit| 1u128 << bit)
    }

    /// One action per cell of `set`, in cell order.
    fn push_cells(&self, set: CellSet, out: &mut Vec<Action>, action: fn(Cell) -> Action) {
        let size = self.ruleset().geometry.size;
        let mut left = set;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left.wrapping_sub(1);
            if let Some(c) = Cell::from_bit(bit, size) {
                out.push(action(c));
            }
        }
    }
}

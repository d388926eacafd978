//! ERA-17 and table D5: the skulls showing pick each player's disaster,
//! resolved in turn order from the start player. A row strikes the roller
//! or each opponent in turn from the roller's left; every choice it leaves
//! (resources to lose, cells to scorch, buildings to remove, the points
//! instead) is a decision of the player who suffers it.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::building::BuildingKind;
use crate::cell::Cell;
use crate::error::EraError;
use crate::grid::CellSet;
use crate::piece::Piece;
use crate::ruleset::{Disaster, DisasterRule, Target};
use crate::state::Era;
use crate::step::{Progress, Step};
use crate::symbols::Resource;

impl Era {
    /// The disaster the player at `turn` rolled.
    fn rolled_disaster(&self, turn: u8) -> DisasterRule {
        self.ruleset().disaster(self.skulls(self.seat(turn)))
    }

    /// The disaster of the player at `turn` strikes its first sufferer.
    pub(crate) fn advance_disasters(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        let rule = self.rolled_disaster(turn);
        self.step = match rule.effect {
            Disaster::None => self.step.next_turn(),
            effect => Step::Suffer {
                turn,
                by: first_sufferer(rule.target),
                left: units(effect),
            },
        };
        Progress::Moved
    }

    /// The sufferer at `by` seats from the roller at `turn` takes what acts
    /// at once, or decides; then the next sufferer, then the next roller.
    pub(crate) fn advance_suffer(&mut self, turn: u8, by: u8, left: u8) -> Progress {
        let rule = self.rolled_disaster(turn);
        let last = match rule.target {
            Target::Roller => 0,
            Target::EachOpponent => self.seats().saturating_sub(1),
        };
        if by > last || (rule.target == Target::EachOpponent && by == 0) {
            self.step = Step::Disasters {
                turn: turn.saturating_add(1),
            };
            return Progress::Moved;
        }
        let seat = self.left_of_turn(turn, by);
        if self.sufferer_decides(seat, rule.effect, left) {
            return Progress::Wait;
        }
        self.strike_at_once(seat, rule.effect, left);
        self.step = Step::Suffer {
            turn,
            by: by.saturating_add(1),
            left: units(rule.effect),
        };
        Progress::Moved
    }

    /// Whether the sufferer has a choice to make now.
    fn sufferer_decides(&self, seat: Seat, effect: Disaster, left: u8) -> bool {
        let Some(p) = self.players.get(seat) else {
            return false;
        };
        let has_resources = p.resources.iter().any(|(_, &n)| n > 0);
        match effect {
            Disaster::PointsOrLose { .. } | Disaster::Lose { .. } => left > 0 && has_resources,
            Disaster::Scorch { .. } => left > 0 && self.scorch_or_free(seat, effect) != 0,
            Disaster::Remove { walled_safe, .. } => {
                left > 0 && self.removable(seat, walled_safe) != 0
            }
            Disaster::None
            | Disaster::Points { .. }
            | Disaster::LoseAll { .. }
            | Disaster::Disease { .. } => false,
        }
    }

    /// What a disaster does without a choice: points, a resource lost
    /// whole, Disease; Brigands' points for a sufferer with nothing to
    /// lose who has lost nothing yet.
    fn strike_at_once(&mut self, seat: Seat, effect: Disaster, left: u8) {
        let masks = self.ruleset().geometry.masks;
        match effect {
            Disaster::Points { disaster } => self.add_disaster(seat, disaster),
            Disaster::PointsOrLose {
                disaster,
                resources,
            } if u32::from(left) == resources => self.add_disaster(seat, disaster),
            Disaster::LoseAll { resource } => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.resources[resource] = 0;
                }
            }
            Disaster::Disease {
                per_building,
                hospital_immune,
            } => {
                let struck = self
                    .players
                    .get(seat)
                    .map(|p| p.domain.struck_by_disease_with(&masks, hospital_immune));
                if let Some(struck) = struck {
                    self.add_disaster(seat, struck.saturating_mul(per_building));
                }
            }
            _ => {}
        }
    }

    /// The cells the sufferer may pick now under a Scorch effect: empty
    /// cells outside the walls to scorch, or else (when the row frees
    /// cells) their buildings that may be removed; empty when neither.
    fn scorch_or_free(&self, seat: Seat, effect: Disaster) -> CellSet {
        let Disaster::Scorch { remove_to_free, .. } = effect else {
            return 0;
        };
        if self.scorched_supply == 0 {
            return 0;
        }
        let free = self.scorchable(seat);
        if free != 0 {
            free
        } else if remove_to_free {
            self.removable(seat, true)
        } else {
            0
        }
    }

    // ----- the sufferer's decisions -----

    pub(crate) fn check_suffer(
        &self,
        turn: u8,
        by: u8,
        left: u8,
        action: Action,
    ) -> Result<(), EraError> {
        let mut legal = Vec::new();
        self.legal_suffer(turn, by, left, &mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        Err(match action {
            Action::Scorch(cell) => EraError::NotEmpty(cell),
            Action::Burn(cell) => EraError::NotBurnable(cell),
            Action::Lose(r) => EraError::CannotLose(r),
            Action::Refuse => EraError::CannotRefuse,
            _ => self.wrong_step(action),
        })
    }

    pub(crate) fn legal_suffer(&self, turn: u8, by: u8, left: u8, out: &mut Vec<Action>) {
        let rule = self.rolled_disaster(turn);
        let seat = self.left_of_turn(turn, by);
        match rule.effect {
            Disaster::PointsOrLose { resources, .. } | Disaster::Lose { resources } => {
                if let Some(p) = self.players.get(seat) {
                    out.extend(
                        Resource::ALL
                            .into_iter()
                            .filter(|&r| p.resources[r] > 0)
                            .map(Action::Lose),
                    );
                }
                let untouched = u32::from(left) == resources;
                if untouched && matches!(rule.effect, Disaster::PointsOrLose { .. }) {
                    out.push(Action::Refuse);
                }
            }
            Disaster::Scorch { .. } => {
                let cells = self.scorch_or_free(seat, rule.effect);
                if self.scorchable(seat) != 0 {
                    self.push_cells(cells, out, Action::Scorch);
                } else {
                    self.push_cells(cells, out, Action::Burn);
                }
            }
            Disaster::Remove { walled_safe, .. } => {
                self.push_cells(self.removable(seat, walled_safe), out, Action::Burn);
            }
            Disaster::None
            | Disaster::Points { .. }
            | Disaster::LoseAll { .. }
            | Disaster::Disease { .. } => {}
        }
    }

    pub(crate) fn play_suffer(&mut self, turn: u8, by: u8, left: u8, action: Action) {
        let seat = self.left_of_turn(turn, by);
        let rule = self.rolled_disaster(turn);
        let next = Step::Suffer {
            turn,
            by: by.saturating_add(1),
            left: units(rule.effect),
        };
        let one_less = Step::Suffer {
            turn,
            by,
            left: left.saturating_sub(1),
        };
        self.step = match action {
            Action::Refuse => {
                if let Disaster::PointsOrLose { disaster, .. } = rule.effect {
                    self.add_disaster(seat, disaster);
                }
                next
            }
            Action::Lose(r) => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.resources[r] = p.resources[r].saturating_sub(1);
                }
                one_less
            }
            Action::Scorch(cell) => {
                let mask = self.cell_mask(cell);
                self.take_from_supply(seat, Piece::Scorched);
                self.place(seat, Piece::Scorched, mask);
                one_less
            }
            Action::Burn(cell) => {
                self.remove_building(seat, cell);
                // Freeing a cell for a scorched area is not the area itself.
                if matches!(rule.effect, Disaster::Scorch { .. }) {
                    self.step
                } else {
                    one_less
                }
            }
            _ => self.step,
        };
    }

    /// The building on `cell` goes to the box.
    fn remove_building(&mut self, seat: Seat, cell: Cell) {
        if let Some(p) = self.players.get_mut(seat) {
            if let Some((i, b)) = p.domain.building_at(cell) {
                let kind = b.kind;
                p.domain.buildings.remove(i);
                self.boxed[kind] = self.boxed[kind].saturating_add(1);
            }
        }
    }

    /// The empty cells of `seat`'s domain that are not walled; none for a
    /// seat not at the table.
    fn scorchable(&self, seat: Seat) -> CellSet {
        self.players.get(seat).map_or(0, |p| {
            p.domain.empty() & !p.domain.walled_with(&self.ruleset().geometry.masks)
        })
    }

    /// The cells of `seat`'s buildings that a disaster may remove: never a
    /// Keep, and not a walled one when walls protect.
    pub(crate) fn removable(&self, seat: Seat, walled_safe: bool) -> CellSet {
        let Some(p) = self.players.get(seat) else {
            return 0;
        };
        let walled = if walled_safe {
            p.domain.walled_with(&self.ruleset().geometry.masks)
        } else {
            0
        };
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

/// The first sufferer, in seats to the roller's left.
fn first_sufferer(target: Target) -> u8 {
    match target {
        Target::Roller => 0,
        Target::EachOpponent => 1,
    }
}

/// A disaster's units as a step counter (the loader keeps them at most
/// 100).
fn units(effect: Disaster) -> u8 {
    u8::try_from(effect.units()).unwrap_or(u8::MAX)
}

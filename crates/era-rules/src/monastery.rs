//! ERA-14: each Monastery lets its owner turn one die that shows no skull
//! to another face.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::building::BuildingKind;
use crate::colour::Colour;
use crate::error::EraError;
use crate::side::Side;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};

impl Era {
    /// The player at `turn` sets as many dice as their Monasteries allow.
    pub(crate) fn enter_monastery(&mut self, turn: u8) {
        let left = if turn < self.seats() {
            let monasteries = self
                .players
                .get(self.seat(turn))
                .map_or(0, |p| p.domain.count(BuildingKind::Monastery));
            monasteries.saturating_mul(self.ruleset().round.monastery_dice)
        } else {
            0
        };
        self.step = Step::Monastery { turn, left };
    }

    pub(crate) fn check_monastery(
        &self,
        seat: Seat,
        left: u8,
        action: Action,
    ) -> Result<(), EraError> {
        let p = self.players.get(seat).ok_or(EraError::GameOver)?;
        match action {
            Action::SetDie { die, from, to } => {
                if left > 0 && from != to && self.settable(p, die, from) {
                    Ok(())
                } else {
                    Err(EraError::CannotSet)
                }
            }
            Action::Done => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    pub(crate) fn play_monastery(&mut self, seat: Seat, turn: u8, left: u8, action: Action) {
        match action {
            Action::SetDie { die, from, to } => {
                if let Some(p) = self.players.get_mut(seat) {
                    p.dice.remove(die, from, 1);
                    p.dice.add(die, to, 1);
                }
                self.step = Step::Monastery {
                    turn,
                    left: left.saturating_sub(1),
                };
            }
            Action::Done => self.step = Step::Monastery { turn, left: 0 },
            _ => {}
        }
    }

    /// Every die that can be set, to every other face, then stopping.
    pub(crate) fn legal_monastery(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(p) = self.players.get(seat) else {
            return;
        };
        for die in Colour::ALL {
            for from in Side::ALL {
                if self.settable(p, die, from) {
                    for to in Side::ALL.into_iter().filter(|&t| t != from) {
                        out.push(Action::SetDie { die, from, to });
                    }
                }
            }
        }
        out.push(Action::Done);
    }

    /// The player sets dice while a Monastery is unused and a die can be
    /// set; then the next player.
    pub(crate) fn advance_monastery(&mut self, turn: u8, left: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        let ready = self
            .players
            .get(self.seat(turn))
            .is_some_and(|p| left > 0 && self.any_settable(p));
        if ready {
            return Progress::Wait;
        }
        self.enter_monastery(turn.saturating_add(1));
        Progress::Moved
    }

    fn settable(&self, p: &Player, colour: Colour, face: Side) -> bool {
        !self.is_skull(colour, face) && p.dice.get(colour, face) > 0
    }

    fn any_settable(&self, p: &Player) -> bool {
        Colour::ALL
            .iter()
            .any(|&c| Side::ALL.iter().any(|&f| self.settable(p, c, f)))
    }
}

//! ERA-12: every player rolls all their dice behind their screen; skulls
//! are locked; up to two more rolls of the dice set aside; then the reveal.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::{Action, DieRef};
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::error::EraError;
use crate::map::FaceCounts;
use crate::side::Side;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};

impl Era {
    /// A new round: every player takes their dice in hand (ERA-22).
    pub(crate) fn begin_round(&mut self) {
        self.round = self.round.saturating_add(1);
        for (_, p) in self.players.iter_mut() {
            p.owned = p.domain.carried_dice();
            p.dice = DiceCounts::NONE;
            p.set_aside = DiceCounts::NONE;
            p.rolling = p.owned;
            p.rolls = 0;
            p.fresh = FaceCounts::default();
        }
        self.step = Step::Roll { turn: 0 };
    }

    pub(crate) fn check_roll(&self, seat: Seat, action: Action) -> Result<(), EraError> {
        let p = self.players.get(seat).ok_or(EraError::GameOver)?;
        match action {
            Action::Reroll(d) => {
                if p.rolls >= self.ruleset().round.rolls {
                    Err(EraError::NoRollLeft)
                } else if self.can_set_aside(p, d.die, d.face) {
                    Ok(())
                } else {
                    Err(EraError::NoSuchDie)
                }
            }
            Action::Roll if p.set_aside.is_empty() => Err(EraError::NothingSetAside),
            Action::Roll | Action::Done => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    pub(crate) fn play_roll(&mut self, seat: Seat, turn: u8, action: Action) {
        let Some(p) = self.players.get_mut(seat) else {
            return;
        };
        match action {
            Action::Reroll(d) => p.set_aside.add(d.die, d.face, 1),
            Action::Roll => {
                p.dice.remove_all(&p.set_aside);
                p.rolling = p.set_aside.per_colour();
                p.set_aside = DiceCounts::NONE;
            }
            Action::Done => {
                p.set_aside = DiceCounts::NONE;
                self.step = Step::Roll {
                    turn: turn.saturating_add(1),
                };
            }
            _ => {}
        }
    }

    /// Each die that may still be set aside, then rolling them, then
    /// stopping.
    pub(crate) fn legal_roll(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(p) = self.players.get(seat) else {
            return;
        };
        if p.rolls < self.ruleset().round.rolls {
            for die in Colour::ALL {
                for face in Side::ALL {
                    if self.can_set_aside(p, die, face) {
                        out.push(Action::Reroll(DieRef { die, face }));
                    }
                }
            }
        }
        if !p.set_aside.is_empty() {
            out.push(Action::Roll);
        }
        out.push(Action::Done);
    }

    /// The player rolls while dice are in hand and decides while a roll is
    /// left and a die could roll again; then the next player rolls.
    pub(crate) fn advance_roll(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        let Some(p) = self.players.get(self.seat(turn)) else {
            return Progress::Finished;
        };
        if p.rolling.any() {
            return Progress::Wait;
        }
        if p.rolls < self.ruleset().round.rolls && self.any_rerollable(p) {
            return Progress::Wait;
        }
        self.step = Step::Roll {
            turn: turn.saturating_add(1),
        };
        Progress::Moved
    }

    /// Whether a die of `colour` showing `face` may still be set aside to
    /// roll again: not a skull, and not all such dice already set aside.
    pub(crate) fn can_set_aside(&self, p: &Player, colour: Colour, face: Side) -> bool {
        !self.is_skull(colour, face) && p.dice.get(colour, face) > p.set_aside.get(colour, face)
    }

    fn any_rerollable(&self, p: &Player) -> bool {
        !p.set_aside.is_empty()
            || Colour::ALL
                .iter()
                .any(|&c| Side::ALL.iter().any(|&f| self.can_set_aside(p, c, f)))
    }
}

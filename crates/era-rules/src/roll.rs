//! ERA-12, ERA-14: every player rolls all their dice behind their screen;
//! skulls are locked; after the first roll each Monastery turns one die to
//! a face of its owner's choice and sets it aside; up to two more rolls of
//! the dice set aside to roll again; then the reveal.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::{Action, DieRef};
use crate::building::BuildingKind;
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::error::EraError;
use crate::side::Side;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};

impl Era {
    /// A new round: every player takes their dice in hand (ERA-22).
    pub(crate) fn begin_round(&mut self) {
        self.round = self.round.saturating_add(1);
        for (_, p) in self.players.iter_mut() {
            p.owned = p.domain.carried_dice();
            p.clear_dice();
            p.rolling = p.owned;
            p.rolls = 0;
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
            Action::SetDie { die, from, .. } => {
                if self.can_set_die(p, die, from) {
                    Ok(())
                } else {
                    Err(EraError::CannotSet)
                }
            }
            Action::Roll if p.set_aside.is_empty() => Err(EraError::NothingSetAside),
            Action::Roll | Action::Done => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    pub(crate) fn play_roll(&mut self, seat: Seat, action: Action) {
        let Some(p) = self.players.get_mut(seat) else {
            return;
        };
        match action {
            Action::Reroll(d) => p.set_aside.add(d.die, d.face, 1),
            Action::SetDie { die, from, to } => {
                p.dice.remove(die, from, 1);
                p.dice.add(die, to, 1);
                p.fixed.add(die, to, 1);
            }
            Action::Roll => {
                p.dice.remove_all(&p.set_aside);
                p.rolling = p.set_aside.per_colour();
                p.set_aside = DiceCounts::NONE;
            }
            Action::Done => {
                p.set_aside = DiceCounts::NONE;
                self.step = self.step.next_turn();
            }
            _ => {}
        }
    }

    /// Each die that may still be set aside to roll again, each die a
    /// Monastery may set to each face, then rolling, then stopping.
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
        if self.monastery_ready(p) {
            for die in Colour::ALL {
                for from in Side::ALL {
                    if self.can_set_aside(p, die, from) {
                        out.extend(Side::ALL.map(|to| Action::SetDie { die, from, to }));
                    }
                }
            }
        }
        if !p.set_aside.is_empty() {
            out.push(Action::Roll);
        }
        out.push(Action::Done);
    }

    /// The player rolls while dice are in hand; once they have rolled, they
    /// decide (stopping at least) before the next player rolls, even when
    /// every die left shows a skull: whether they could roll again depends
    /// on dice hidden behind their screen, so moving on by itself would
    /// tell the table (ERA-12). Only a player owning no die at all, which
    /// every seat sees, is passed over.
    pub(crate) fn advance_roll(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        let Some(p) = self.players.get(self.seat(turn)) else {
            return Progress::Finished;
        };
        if p.rolling.any() || p.rolls > 0 {
            return Progress::Wait;
        }
        self.step = self.step.next_turn();
        Progress::Moved
    }

    /// Whether a die of `colour` showing `face` may still be set aside to
    /// roll again: not a skull, and one such die neither set aside nor set
    /// by a Monastery.
    pub(crate) fn can_set_aside(&self, p: &Player, colour: Colour, face: Side) -> bool {
        !self.is_skull(colour, face) && p.free(colour, face) > 0
    }

    /// How many dice the player's Monasteries may still set this round.
    pub(crate) fn monastery_uses_left(&self, p: &Player) -> u32 {
        let per = u32::from(self.ruleset().round.monastery_dice);
        u32::from(p.domain.count(BuildingKind::Monastery))
            .saturating_mul(per)
            .saturating_sub(p.fixed.total())
    }

    /// Whether a Monastery may set a die now: after the first roll and
    /// before the second, while one is unused (ERA-14).
    fn monastery_ready(&self, p: &Player) -> bool {
        p.rolls == 1 && self.monastery_uses_left(p) > 0
    }

    /// Whether a Monastery may set a die of `colour` showing `face` now: a
    /// die without a skull that is not set aside (ERA-14).
    pub(crate) fn can_set_die(&self, p: &Player, colour: Colour, face: Side) -> bool {
        self.monastery_ready(p) && self.can_set_aside(p, colour, face)
    }
}

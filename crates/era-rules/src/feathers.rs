//! ERA-13: after the reveal, in turn order, each white die showing a
//! feather may be rolled again openly, once, optionally with one other die
//! of the same player (even a skull). Dice a Monastery set are never rolled
//! again (ERA-14).

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::{Action, DieRef};
use crate::colour::Colour;
use crate::dice::DiceCounts;
use crate::error::EraError;
use crate::map::{ByColour, FaceCounts};
use crate::side::Side;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};

impl Era {
    /// The reveal: every die shows; each white die on a feather may roll
    /// again once, unless a Monastery set it.
    pub(crate) fn enter_feathers(&mut self) {
        let white = self.ruleset().faces[Colour::White];
        for (_, p) in self.players.iter_mut() {
            p.set_aside = DiceCounts::NONE;
            p.fresh = FaceCounts::from_fn(|side| {
                if white[side].is_feather() {
                    p.free(Colour::White, side)
                } else {
                    0
                }
            });
        }
        self.step = Step::Feathers { turn: 0 };
    }

    pub(crate) fn check_feathers(&self, seat: Seat, action: Action) -> Result<(), EraError> {
        let p = self.players.get(seat).ok_or(EraError::GameOver)?;
        match action {
            Action::Feather { face, with } => {
                if !self.feather_ready(p, face) {
                    return Err(EraError::NoFeather);
                }
                match with {
                    Some(other) if p.free(other.die, other.face) <= same_die(face, other) => {
                        Err(EraError::NoFeather)
                    }
                    _ => Ok(()),
                }
            }
            Action::Done => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    pub(crate) fn play_feathers(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Feather { face, with } => {
                let Some(p) = self.players.get_mut(seat) else {
                    return;
                };
                p.dice.remove(Colour::White, face, 1);
                p.fresh[face] = p.fresh[face].saturating_sub(1);
                let mut rolling = ByColour::<u8>::default();
                rolling[Colour::White] = 1;
                if let Some(other) = with {
                    // Prefer a white die already re-rolled, so that an
                    // unused feather stays usable.
                    if other.die == Colour::White
                        && p.free(Colour::White, other.face) <= p.fresh[other.face]
                    {
                        p.fresh[other.face] = p.fresh[other.face].saturating_sub(1);
                    }
                    p.dice.remove(other.die, other.face, 1);
                    rolling[other.die] = rolling[other.die].saturating_add(1);
                }
                p.rolling = rolling;
            }
            Action::Done => self.step = self.step.next_turn(),
            _ => {}
        }
    }

    /// Each unused feather, alone or with each other die, then stopping.
    pub(crate) fn legal_feathers(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(p) = self.players.get(seat) else {
            return;
        };
        for face in Side::ALL {
            if !self.feather_ready(p, face) {
                continue;
            }
            out.push(Action::Feather { face, with: None });
            for die in Colour::ALL {
                for other in Side::ALL {
                    let d = DieRef { die, face: other };
                    if p.free(die, other) > same_die(face, d) {
                        out.push(Action::Feather {
                            face,
                            with: Some(d),
                        });
                    }
                }
            }
        }
        out.push(Action::Done);
    }

    /// The player re-rolls while a feather is unused; then the next player.
    /// At the end the unused feathers are gone.
    pub(crate) fn advance_feathers(&mut self, turn: u8) -> Progress {
        if turn >= self.seats() {
            for (_, p) in self.players.iter_mut() {
                p.fresh = FaceCounts::default();
            }
            return Progress::Finished;
        }
        let Some(p) = self.players.get(self.seat(turn)) else {
            return Progress::Finished;
        };
        if p.rolling.any() || self.has_feather(p) {
            return Progress::Wait;
        }
        self.step = self.step.next_turn();
        Progress::Moved
    }

    pub(crate) fn has_feather(&self, p: &Player) -> bool {
        Side::ALL.iter().any(|&f| self.feather_ready(p, f))
    }

    /// A white die shows feather `face` and has not used it.
    pub(crate) fn feather_ready(&self, p: &Player, face: Side) -> bool {
        self.ruleset().face(Colour::White, face).is_feather()
            && p.fresh[face] > 0
            && p.free(Colour::White, face) > 0
    }
}

/// 1 when `other` is a white die on the feather's own face: the feather die
/// itself cannot go along, so another must show that face.
fn same_die(face: Side, other: DieRef) -> u8 {
    u8::from(other.die == Colour::White && other.face == face)
}

//! ERA-18, ERA-19: in turn order, each player builds one wall or building
//! per hammer rolled: choose a piece in the supply they can pay for, then
//! place it. The last building of a type flips a tracking token.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::error::EraError;
use crate::piece::Piece;
use crate::state::Era;
use crate::step::{Progress, Step};
use crate::symbols::Symbol;

impl Era {
    /// The player at `turn` builds as many pieces as hammers rolled.
    pub(crate) fn enter_build(&mut self, turn: u8) {
        let hammers = if turn < self.seats() {
            // Capped at 255: a roll showing more builds 255 pieces at most.
            u8::try_from(self.symbols(self.seat(turn), Symbol::Hammer)).unwrap_or(u8::MAX)
        } else {
            0
        };
        self.step = Step::Build {
            turn,
            hammers,
            chosen: None,
        };
    }

    pub(crate) fn check_build(
        &self,
        seat: Seat,
        chosen: Option<Piece>,
        action: Action,
    ) -> Result<(), EraError> {
        match (action, chosen) {
            (Action::Place { piece, at, turn }, _) => {
                if chosen != Some(piece) {
                    return Err(EraError::NotChosen);
                }
                self.check_buildable(seat, piece)?;
                self.fits(seat, piece, turn, at)
                    .map(|_| ())
                    .ok_or(EraError::DoesNotFit(piece))
            }
            (Action::Choose(piece), None) => {
                self.check_buildable(seat, piece)?;
                if self.fits_anywhere(seat, piece) {
                    Ok(())
                } else {
                    Err(EraError::DoesNotFit(piece))
                }
            }
            (Action::Done, None) => Ok(()),
            _ => Err(self.wrong_step(action)),
        }
    }

    pub(crate) fn play_build(&mut self, seat: Seat, turn: u8, hammers: u8, action: Action) {
        match action {
            Action::Place { piece, at, turn: o } => {
                if let Some(cells) = self.fits(seat, piece, o, at) {
                    self.take_from_supply(seat, piece);
                    self.place(seat, piece, cells);
                }
                self.step = Step::Build {
                    turn,
                    hammers: hammers.saturating_sub(1),
                    chosen: None,
                };
            }
            Action::Choose(piece) => {
                self.step = Step::Build {
                    turn,
                    hammers,
                    chosen: Some(piece),
                };
            }
            Action::Done => {
                self.step = Step::Build {
                    turn,
                    hammers: 0,
                    chosen: None,
                };
            }
            _ => {}
        }
    }

    /// The placements of the piece chosen; or every piece that can be
    /// built, then stopping.
    pub(crate) fn legal_build(&self, seat: Seat, chosen: Option<Piece>, out: &mut Vec<Action>) {
        if let Some(piece) = chosen {
            self.push_placements(seat, piece, out);
            return;
        }
        out.extend(
            Piece::buildable()
                .filter(|&piece| self.can_build(seat, piece))
                .map(Action::Choose),
        );
        out.push(Action::Done);
    }

    /// The player builds while hammers are left; then the next player.
    pub(crate) fn advance_build(&mut self, turn: u8, hammers: u8) -> Progress {
        if turn >= self.seats() {
            return Progress::Finished;
        }
        if hammers > 0 {
            return Progress::Wait;
        }
        self.enter_build(turn.saturating_add(1));
        Progress::Moved
    }

    /// ERA-18: a piece that may be built at all: a building or wall, in the
    /// supply, and affordable.
    fn check_buildable(&self, seat: Seat, piece: Piece) -> Result<(), EraError> {
        if piece == Piece::Scorched || !piece.is_valid() {
            return Err(EraError::NotBuildable);
        }
        if !self.in_supply(piece) {
            return Err(EraError::NotInSupply(piece));
        }
        if !self.can_afford(seat, piece) {
            return Err(EraError::CannotPay(piece));
        }
        Ok(())
    }

    /// Whether `seat` may choose `piece` to build now (ERA-18).
    pub(crate) fn can_build(&self, seat: Seat, piece: Piece) -> bool {
        self.check_buildable(seat, piece).is_ok() && self.fits_anywhere(seat, piece)
    }
}

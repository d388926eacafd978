//! ERA-4, ERA-5: every player lays out their start pieces in secret, one
//! at a time, larger pieces first.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::error::EraError;
use crate::state::Era;
use crate::step::{Progress, Step};

impl Era {
    /// Only the next start piece may be placed, on empty cells (ERA-5,
    /// ERA-7).
    pub(crate) fn check_layout(&self, seat: Seat, action: Action) -> Result<(), EraError> {
        let Action::Place { piece, at, turn } = action else {
            return Err(self.wrong_step(action));
        };
        let laid_out = self.players.get(seat).map_or(0, |p| p.laid_out);
        let expected = self.start_piece(laid_out).ok_or(EraError::WrongStep {
            rule: "ERA-5",
            step: self.step.name(),
        })?;
        if piece != expected {
            return Err(EraError::NotNextPiece(expected));
        }
        self.fits(seat, piece, turn, at)
            .map(|_| ())
            .ok_or(EraError::DoesNotFit(piece))
    }

    pub(crate) fn play_layout(&mut self, seat: Seat, action: Action) {
        if let Action::Place { piece, at, turn } = action {
            if let Some(cells) = self.fits(seat, piece, turn, at) {
                self.place(seat, piece, cells);
            }
            if let Some(p) = self.players.get_mut(seat) {
                p.laid_out = p.laid_out.saturating_add(1);
            }
        }
    }

    /// Every placement of the next start piece.
    pub(crate) fn legal_layout(&self, seat: Seat, out: &mut Vec<Action>) {
        let laid_out = self.players.get(seat).map_or(0, |p| p.laid_out);
        if let Some(piece) = self.start_piece(laid_out) {
            self.push_placements(seat, piece, out);
        }
    }

    /// A start piece that fits nowhere goes back to the supply; a seat done
    /// hands over to the next.
    pub(crate) fn advance_layout(&mut self, seat: u8) -> Progress {
        let s = usize::from(seat);
        let Some(laid_out) = self.players.get(s).map(|p| p.laid_out) else {
            return Progress::Finished;
        };
        if let Some(piece) = self.start_piece(laid_out) {
            if self.fits_anywhere(s, piece) {
                return Progress::Wait;
            }
            // No room: the piece goes back to the supply.
            self.return_to_supply(piece);
            if let Some(p) = self.players.get_mut(s) {
                p.laid_out = p.laid_out.saturating_add(1);
            }
            return Progress::Moved;
        }
        let next = seat.saturating_add(1);
        if next < self.seats() {
            self.step = Step::Layout { seat: next };
            Progress::Moved
        } else {
            Progress::Finished
        }
    }
}

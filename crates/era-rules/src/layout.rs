//! ERA-4, ERA-5: every player lays out their start pieces in secret, one
//! at a time, larger pieces first.

use alloc::vec::Vec;

use dice_core::seat::Seat;

use crate::action::Action;
use crate::error::EraError;
use crate::piece::Piece;
use crate::state::{Era, Player};
use crate::step::{Progress, Step};

impl Era {
    /// Only the next start piece may be placed, on empty cells (ERA-5,
    /// ERA-7).
    pub(crate) fn check_layout(&self, seat: Seat, action: Action) -> Result<(), EraError> {
        let p = self.players.get(seat).ok_or(EraError::GameOver)?;
        let expected = self.start_piece(p.laid_out).ok_or(EraError::WrongStep {
            rule: "ERA-5",
            step: self.step.name(),
        })?;
        if action == Action::Done {
            // Leaving a piece out is only for one that fits nowhere.
            return if self.fits_anywhere(seat, expected) {
                Err(EraError::FitsSomewhere(expected))
            } else {
                Ok(())
            };
        }
        let Action::Place { piece, at, turn } = action else {
            return Err(self.wrong_step(action));
        };
        if piece != expected {
            return Err(EraError::NotNextPiece(expected));
        }
        self.fits(seat, piece, turn, at)
            .map(|_| ())
            .ok_or(EraError::DoesNotFit(piece))
    }

    /// A placement puts the piece in the domain; `done` leaves out a piece
    /// that fits nowhere: it stays behind the screen until the reveal.
    pub(crate) fn play_layout(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Place { piece, at, turn } => {
                if let Some(cells) = self.fits(seat, piece, turn, at) {
                    self.place(seat, piece, cells);
                }
            }
            Action::Done => {}
            _ => return,
        }
        if let Some(p) = self.players.get_mut(seat) {
            p.laid_out = p.laid_out.saturating_add(1);
        }
    }

    /// Every placement of the next start piece, or only `done` when it fits
    /// nowhere: the seat is asked either way, so that how fast the layout
    /// goes does not tell where the hidden pieces went (ERA-5).
    pub(crate) fn legal_layout(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(p) = self.players.get(seat) else {
            return;
        };
        if let Some(piece) = self.start_piece(p.laid_out) {
            self.push_placements(seat, piece, out);
            if out.is_empty() {
                out.push(Action::Done);
            }
        }
    }

    /// The pieces each player left out go back to the supply when the
    /// layouts are revealed, all at once (ERA-5).
    pub(crate) fn reveal_layouts(&mut self) {
        for piece in Piece::ALL {
            let left_out: u32 = self
                .players
                .iter()
                .map(|(_, p)| self.left_out(p, piece))
                .fold(0, u32::saturating_add);
            for _ in 0..left_out {
                self.return_to_supply(piece);
            }
        }
    }

    /// How many of `piece` `p` laid out so far but left out of their domain
    /// because they fitted nowhere (ERA-5).
    pub(crate) fn left_out(&self, p: &Player, piece: Piece) -> u32 {
        let laid = (0..p.laid_out)
            .filter_map(|i| self.start_piece(i))
            .filter(|&s| s == piece)
            .fold(0, |laid: u32, _| laid.saturating_add(1));
        // The Keep is no start piece, so `laid` is 0 for it.
        laid.saturating_sub(p.domain.holds(piece))
    }

    /// A seat done hands over to the next.
    pub(crate) fn advance_layout(&mut self, seat: u8) -> Progress {
        let s = usize::from(seat);
        let Some(laid_out) = self.players.get(s).map(|p| p.laid_out) else {
            return Progress::Finished;
        };
        if self.start_piece(laid_out).is_some() {
            return Progress::Wait;
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

//! ERA-6: every player rolls their gray die; most swords starts, and the
//! tied players roll again.

use alloc::vec::Vec;

use dice_core::{DiceRng, Die, Prob};

use crate::action::Chance;
use crate::colour::Colour;
use crate::error::EraError;
use crate::side::Side;
use crate::state::{Era, MAX_PLAYERS};
use crate::step::{Progress, Step};
use crate::symbols::Symbol;

/// A six-sided die: one face per [`Side`].
pub(crate) const D6: Die<Side, 6> = Die::new(Side::ALL);

impl Era {
    /// Every seat rolls.
    pub(crate) fn enter_start_roll(&mut self) {
        self.step = Step::StartRoll {
            rolling: seats_in(self.players.turn_order().seats()),
        };
    }

    /// The seats in `rolling`, in seat order.
    fn start_rollers(&self, rolling: u8) -> impl Iterator<Item = usize> + Clone {
        (0..self.players.players().min(MAX_PLAYERS)).filter(move |s| rolling >> s & 1 == 1)
    }

    /// Every face for every seat still rolling: `6^k` outcomes of equal
    /// probability, the last seat's face changing fastest.
    pub(crate) fn start_roll_outcomes(&self, rolling: u8, out: &mut Vec<(Chance, Prob)>) {
        let seats: Vec<usize> = self.start_rollers(rolling).collect();
        let k = seats_in(seats.iter().copied()).count_ones();
        let Some(p) = 6u128.checked_pow(k).and_then(|n| Prob::new(1, n)) else {
            return;
        };
        for code in 0..6usize.pow(k) {
            let mut faces = [None; MAX_PLAYERS];
            let mut c = code;
            for &s in seats.iter().rev() {
                if let Some(f) = faces.get_mut(s) {
                    *f = u8::try_from(c % 6).ok().and_then(Side::from_index);
                }
                c /= 6;
            }
            out.push((Chance::StartRoll(faces), p));
        }
    }

    /// One face for each seat still rolling, none for the others.
    pub(crate) fn check_start_roll(
        &self,
        rolling: u8,
        faces: [Option<Side>; MAX_PLAYERS],
    ) -> Result<(), EraError> {
        let ok = faces.iter().enumerate().all(|(s, f)| {
            let rolls = s < self.players.players() && rolling >> s & 1 == 1;
            f.is_some() == rolls
        });
        if ok {
            Ok(())
        } else {
            Err(EraError::ImpossibleStartRoll)
        }
    }

    /// Most swords starts; the tied seats roll again.
    pub(crate) fn apply_start_roll(&mut self, faces: [Option<Side>; MAX_PLAYERS]) {
        let swords = |side: Side| self.ruleset().face(Colour::Gray, side).count(Symbol::Sword);
        let best = faces.iter().flatten().map(|&f| swords(f)).max();
        let tied = seats_in(
            faces
                .iter()
                .enumerate()
                .filter(|(_, f)| f.is_some_and(|f| Some(swords(f)) == best))
                .map(|(s, _)| s),
        );
        if tied != 0 {
            self.step = Step::StartRoll { rolling: tied };
        }
    }

    /// One [`DiceRng::below`] of 6 per seat still rolling, in seat order.
    pub(crate) fn sample_start_roll(&self, rolling: u8, rng: &mut DiceRng) -> Chance {
        let mut faces = [None; MAX_PLAYERS];
        for s in self.start_rollers(rolling) {
            if let Some(f) = faces.get_mut(s) {
                *f = D6.roll(rng).copied();
            }
        }
        Chance::StartRoll(faces)
    }

    /// A single seat left: it starts.
    pub(crate) fn advance_start_roll(&mut self, rolling: u8) -> Progress {
        let (first, second) = {
            let mut rollers = self.start_rollers(rolling);
            (rollers.next(), rollers.next())
        };
        match (first, second) {
            (Some(seat), None) => {
                self.start = seat;
                Progress::Finished
            }
            _ => Progress::Wait,
        }
    }
}

/// The seats as a bit set, bit `s` for seat `s` (seats beyond the largest
/// table are left out).
fn seats_in(seats: impl Iterator<Item = usize>) -> u8 {
    seats
        .filter(|&s| s < MAX_PLAYERS)
        .fold(0, |set, s| set | 1 << s)
}

/// The faces of a start-player roll (ERA-6) by seat, each with what
/// separates it from the one before: `""` for the first, `","` after.
pub(crate) fn start_roll_shown(
    faces: &[Option<Side>],
) -> impl Iterator<Item = (&'static str, usize, Side)> + '_ {
    faces
        .iter()
        .enumerate()
        .filter_map(|(seat, face)| Some((seat, (*face)?)))
        .enumerate()
        .map(|(i, (seat, face))| (if i == 0 { "" } else { "," }, seat, face))
}

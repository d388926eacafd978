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
        let all = (0..self.seats()).fold(0u8, |all, s| {
            all | 1u8.checked_shl(u32::from(s)).unwrap_or(0)
        });
        self.step = Step::StartRoll { rolling: all };
    }

    /// The seats in `rolling`, in seat order.
    fn start_rollers(&self, rolling: u8) -> impl Iterator<Item = usize> + Clone {
        (0..self.players.players().min(MAX_PLAYERS)).filter(move |s| rolling >> s & 1 == 1)
    }

    /// Every face for every seat still rolling: `6^k` outcomes of equal
    /// probability, the last seat's face changing fastest.
    pub(crate) fn start_roll_outcomes(&self, rolling: u8, out: &mut Vec<(Chance, Prob)>) {
        let seats: Vec<usize> = self.start_rollers(rolling).collect();
        let k = u32::try_from(seats.len()).unwrap_or(0);
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
        let mut tied = 0u8;
        for (s, f) in faces.iter().enumerate() {
            if f.is_some_and(|f| Some(swords(f)) == best) {
                tied |= 1u8
                    .checked_shl(u32::try_from(s).unwrap_or(u32::MAX))
                    .unwrap_or(0);
            }
        }
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
        if rolling.count_ones() != 1 {
            return Progress::Wait;
        }
        self.start = u8::try_from(rolling.trailing_zeros()).unwrap_or(0);
        Progress::Finished
    }
}

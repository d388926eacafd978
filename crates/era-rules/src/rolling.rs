//! Dice in hand rolled as chance: a player's roll (ERA-12) or feather
//! re-roll (ERA-13), one colour at a time (yellow, gray, blue, white).

use alloc::vec::Vec;

use dice_core::seat::Seat;
use dice_core::{DiceRng, Prob};

use crate::action::Chance;
use crate::colour::Colour;
use crate::error::EraError;
use crate::map::FaceCounts;
use crate::start_player::D6;
use crate::state::Era;
use crate::step::Step;

impl Era {
    /// The seat whose dice are in hand, during a roll or the feathers.
    pub(crate) fn rolling_seat(&self) -> Option<Seat> {
        match self.step {
            Step::Roll { turn } | Step::Feathers { turn } => Some(self.seat(turn)),
            _ => None,
        }
    }

    /// The colour being rolled and how many dice of it: the first colour
    /// (yellow, gray, blue, white) with dice in hand.
    pub(crate) fn rolling_colour(&self) -> Option<(Colour, u8)> {
        let p = self.players.get(self.rolling_seat()?)?;
        p.rolling
            .iter()
            .find(|&(_, &n)| n > 0)
            .map(|(colour, &n)| (colour, n))
    }

    /// Every multiset of faces the dice of the colour being rolled can
    /// show, with its exact probability.
    pub(crate) fn hand_roll_outcomes(&self, out: &mut Vec<(Chance, Prob)>) {
        if let Some((die, n)) = self.rolling_colour() {
            out.extend(D6.roll_outcomes(n).map(|(c, p)| {
                let faces = FaceCounts::from_array(*c.counts());
                (Chance::Roll { die, faces }, p)
            }));
        }
    }

    /// The colour being rolled, and as many dice as are in hand.
    pub(crate) fn check_hand_roll(&self, die: Colour, faces: FaceCounts) -> Result<(), EraError> {
        match self.rolling_colour() {
            Some((d, n)) if d == die && faces.total() == u32::from(n) => Ok(()),
            _ => Err(EraError::ImpossibleRoll),
        }
    }

    /// The dice land; a roll of the Roll step counts once all its colours
    /// are down.
    pub(crate) fn apply_hand_roll(&mut self, die: Colour, faces: FaceCounts) {
        let counts_a_roll = matches!(self.step, Step::Roll { .. });
        let Some(p) = self.rolling_seat().and_then(|s| self.players.get_mut(s)) else {
            return;
        };
        for (side, &n) in faces.iter() {
            p.dice.add(die, side, n);
        }
        p.rolling[die] = 0;
        if !p.rolling.any() && counts_a_roll {
            p.rolls = p.rolls.saturating_add(1);
        }
    }

    /// One [`DiceRng::below`] of 6 per die of the colour being rolled.
    pub(crate) fn sample_hand_roll(&self, rng: &mut DiceRng) -> Option<Chance> {
        let (die, n) = self.rolling_colour()?;
        let counts = D6.roll_many(n, rng);
        Some(Chance::Roll {
            die,
            faces: FaceCounts::from_array(*counts.counts()),
        })
    }
}

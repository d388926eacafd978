//! Dice in hand, and the integer numerators the solver computes with: a
//! chance with `n` dice in hand is a numerator over `6^(n(n+1)/2)`, the
//! most dice a turn from `n` dice can roll, so no fraction is reduced
//! inside the recursion.

use crate::dice::{DICE, Roll};
use crate::line::{LineSet, MAX_LINE};
use crate::rolls::ROLLS;

/// Sets of line numbers of one castle: `2^(MAX_LINE + 1)`.
const SUBSETS: usize = 1 << (MAX_LINE + 1);
/// Hands of 0 to [`DICE`] dice.
const HANDS: usize = DICE as usize + 1;

/// A number of dice in hand, 0 to [`DICE`]: how the solver's values are
/// indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Hand(u8);

impl Hand {
    /// Seven dice: a turn's start.
    pub(super) const FULL: Hand = Hand(DICE);

    /// `dice` dice in hand; `None` above [`DICE`].
    pub(super) const fn new(dice: u8) -> Option<Hand> {
        if dice <= DICE { Some(Hand(dice)) } else { None }
    }

    /// Every hand from none to seven dice.
    pub(super) fn all() -> impl Iterator<Item = Hand> {
        (0..=DICE).map(Hand)
    }

    /// How many dice.
    pub(super) const fn dice(self) -> u8 {
        self.0
    }

    /// Every hand of one die or more, fewer than `self`.
    pub(super) fn smaller(self) -> impl Iterator<Item = Hand> {
        (1..self.0).map(Hand)
    }

    /// The dice left after `dice` of them are placed or lost; `None` when
    /// the hand holds fewer.
    pub(super) fn less(self, dice: u8) -> Option<Hand> {
        self.0.checked_sub(dice).map(Hand)
    }

    /// `n(n+1)/2` for `n` dice in hand: the most dice a turn can roll from
    /// here, so values with `n` dice are numerators over `6^` this.
    pub(super) const fn scale_exponent(self) -> u32 {
        match self.0 {
            0 => 0,
            1 => 1,
            2 => 3,
            3 => 6,
            4 => 10,
            5 => 15,
            6 => 21,
            // A hand holds at most seven dice.
            _ => 28,
        }
    }

    /// The denominator of a value with this hand: `6^scale_exponent`.
    pub(super) const fn scale(self) -> u128 {
        pow6(self.scale_exponent())
    }

    /// The factor that turns a value over the scale of `fewer` dice into
    /// the same value over the scale of `self`; `None` when `fewer` holds
    /// more dice.
    pub(super) const fn rescale_from(self, fewer: Hand) -> Option<u128> {
        match self.scale_exponent().checked_sub(fewer.scale_exponent()) {
            Some(exponent) => Some(pow6(exponent)),
            None => None,
        }
    }
}

/// `6^e`. Exponents come from at most seven dice (e <= 28, 6^28 < 2^73),
/// so it never saturates.
const fn pow6(e: u32) -> u128 {
    6u128.saturating_pow(e)
}

/// Numerators of a chance by open lines and dice in hand, each over
/// [`Hand::scale`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Values([[u128; HANDS]; SUBSETS]);

impl Values {
    /// Every value zero.
    pub(super) const ZERO: Values = Values([[0; HANDS]; SUBSETS]);
}

#[expect(
    clippy::indexing_slicing,
    reason = "a LineSet's bits are below 2^(MAX_LINE + 1) = SUBSETS, and a Hand's dice below DICE + 1 = HANDS"
)]
impl Values {
    /// The value with lines `open` left and `hand` dice in hand.
    pub(super) fn get(&self, open: LineSet, hand: Hand) -> u128 {
        self.0[usize::from(open.bits())][usize::from(hand.0)]
    }

    /// Sets the value with lines `open` left and `hand` dice in hand.
    pub(super) fn set(&mut self, open: LineSet, hand: Hand, value: u128) {
        self.0[usize::from(open.bits())][usize::from(hand.0)] = value;
    }
}

/// `Σ_roll ways(roll) · best(roll)` over the rolls of `rolled` dice: the
/// numerator over the scale of `rolled` when `best` is over the scale of
/// one die fewer.
#[expect(
    clippy::arithmetic_side_effects,
    reason = "ways <= 7! < 2^13 and best < 2^62 (at most 6^21 times a worth below 2^8), and the ways sum to 6^7 < 2^20, so the sum fits u128"
)]
pub(super) fn expected_best(rolled: Hand, mut best: impl FnMut(&Roll) -> u128) -> u128 {
    ROLLS
        .of(rolled.0)
        .map(|(roll, ways)| u128::from(ways) * best(roll))
        .sum()
}

//! Dice in hand, and the integer numerators the solver computes with: a
//! chance with `n` dice in hand is a numerator over `6^(n(n+1)/2)`, the
//! most dice a turn from `n` dice can roll, so no fraction is reduced
//! inside the recursion.

use crate::dice::{DICE, Roll};
use crate::line::{Line, LineSet, MAX_LINE};
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
    pub(super) fn rescale_from(self, fewer: Hand) -> Option<u128> {
        if fewer > self {
            return None;
        }
        RESCALE
            .get(usize::from(self.0))?
            .get(usize::from(fewer.0))
            .copied()
    }
}

/// [`Hand::rescale_from`] for every pair of hands, looked up rather than
/// raised to a power in the solver's inner loops: `6^(S(more) - S(fewer))`
/// where `S` is [`Hand::scale_exponent`], and 0 where `fewer > more`.
static RESCALE: [[u128; HANDS]; HANDS] = rescale_table();

#[expect(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "only evaluated at compile time: a bad index or an overflow would fail the build"
)]
const fn rescale_table() -> [[u128; HANDS]; HANDS] {
    let mut table = [[0; HANDS]; HANDS];
    let mut more = 0u8;
    while more <= DICE {
        let mut fewer = 0u8;
        while fewer <= more {
            let exponent = Hand(more).scale_exponent() - Hand(fewer).scale_exponent();
            table[more as usize][fewer as usize] = pow6(exponent);
            fewer += 1;
        }
        more += 1;
    }
    table
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

impl Values {
    /// The value of filling `line` (which `needs`) with `roll`, of
    /// `rolled` dice, while the lines `open` remain: the value of the other
    /// lines with the dice left, as a numerator over the scale of one die
    /// fewer than `rolled`. `None` when the roll does not fill the line.
    #[inline]
    pub(super) fn after_fill(
        &self,
        open: LineSet,
        line: u8,
        needs: Line,
        rolled: Hand,
        roll: Roll,
    ) -> Option<u128> {
        let kept = rolled.less(1)?;
        let left = rolled.less(needs.dice_needed(&roll)?)?;
        let rescale = kept.rescale_from(left)?;
        #[expect(
            clippy::arithmetic_side_effects,
            reason = "a value over the scale of `left` times 6^rescale is the same value over the scale of `kept`, at most 6^28 < 2^73"
        )]
        Some(self.get(open.without_line(line), left) * rescale)
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

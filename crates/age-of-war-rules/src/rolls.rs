//! Every roll of 0 to 7 dice with its number of orderings: the solver's
//! const table, so it never enumerates or reduces fractions at run time.

use dice_core::Prob;

use crate::dice::{DICE, Roll};

/// Rolls of 0..=7 dice: `C(13, 6)` multisets in all.
const COUNT: usize = 1716;

/// All rolls grouped by dice count, each with how many of the `6^n` ordered
/// rolls show it.
pub(crate) struct RollTable {
    rolls: [Roll; COUNT],
    ways: [u32; COUNT],
    probs: [Prob; COUNT],
    start: [usize; DICE as usize + 2],
}

impl RollTable {
    /// The part of `column` (one entry per roll) for the rolls of `dice`
    /// dice: there are none above [`DICE`].
    fn part<'a, T>(&self, column: &'a [T; COUNT], dice: u8) -> &'a [T] {
        self.start
            .get(usize::from(dice)..)
            .and_then(|starts| match starts {
                [first, end, ..] => column.get(*first..*end),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// The rolls of `dice` dice with their weights (summing to `6^dice`);
    /// empty above [`DICE`].
    pub(crate) fn of(&self, dice: u8) -> impl Iterator<Item = (&Roll, u32)> + '_ {
        let rolls = self.part(&self.rolls, dice);
        let ways = self.part(&self.ways, dice);
        rolls.iter().zip(ways.iter().copied())
    }

    /// The rolls of `dice` dice with their exact, reduced probabilities.
    pub(crate) fn with_probs(&self, dice: u8) -> impl Iterator<Item = (&Roll, Prob)> + '_ {
        let rolls = self.part(&self.rolls, dice);
        let probs = self.part(&self.probs, dice);
        rolls.iter().zip(probs.iter().copied())
    }
}

pub(crate) static ROLLS: RollTable = build();

/// `n!` for the dice counts of a roll, 0 to 7.
const FACTORIALS: [u32; DICE as usize + 1] = [1, 1, 2, 6, 24, 120, 720, 5040];

/// Same order as `dice_core::Die::roll_outcomes`: decreasing lexicographic
/// counts, all dice on the first face first.
#[expect(
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "only evaluated at compile time: a bad index or an overflow would fail the build"
)]
const fn build() -> RollTable {
    let mut rolls = [Roll::EMPTY; COUNT];
    let mut ways = [0u32; COUNT];
    #[expect(
        clippy::large_stack_arrays,
        reason = "evaluated at compile time into the static table, never on a stack"
    )]
    let mut probs = [Prob::ZERO; COUNT];
    let mut start = [0usize; DICE as usize + 2];
    let mut next = 0;
    let mut dice = 0u8;
    while dice <= DICE {
        start[dice as usize] = next;
        let mut counts = [0u8; 6];
        counts[0] = dice;
        loop {
            rolls[next] = Roll::from_counts_const(counts);
            let mut orderings = FACTORIALS[dice as usize];
            let mut face = 0;
            while face < 6 {
                orderings /= FACTORIALS[counts[face] as usize];
                face += 1;
            }
            ways[next] = orderings;
            probs[next] = match Prob::new(orderings as u128, 6u128.pow(dice as u32)) {
                Some(prob) => prob,
                None => Prob::ZERO,
            };
            next += 1;
            // Next composition: move one die from the rightmost non-empty
            // face before the last to its neighbour, gathering the tail.
            let tail = counts[5];
            let mut from = 5;
            let mut found = false;
            while from > 0 {
                from -= 1;
                if counts[from] > 0 {
                    found = true;
                    break;
                }
            }
            if !found {
                break;
            }
            counts[from] -= 1;
            counts[5] = 0;
            counts[from + 1] += 1 + tail;
        }
        dice += 1;
    }
    start[DICE as usize + 1] = next;
    RollTable {
        rolls,
        ways,
        probs,
        start,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::DIE;

    #[test]
    fn the_table_matches_dice_core_outcome_for_outcome() {
        for dice in 0..=DICE {
            let ours: alloc::vec::Vec<_> =
                ROLLS.of(dice).map(|(roll, ways)| (*roll, ways)).collect();
            let theirs: alloc::vec::Vec<_> = DIE.roll_outcomes(dice).collect();
            assert_eq!(ours.len(), theirs.len());
            let total: u32 = ours.iter().map(|(_, ways)| ways).sum();
            assert_eq!(total, 6u32.pow(u32::from(dice)));
            for ((roll, ways), (counts, prob)) in ours.iter().zip(&theirs) {
                assert_eq!(roll.counts(), *counts.counts());
                let expected = dice_core::Prob::new(u128::from(*ways), 6u128.pow(u32::from(dice)));
                assert_eq!(Some(*prob), expected);
            }
        }
        assert_eq!(ROLLS.of(8).count(), 0);
    }
}

//! Dice, and rolls of identical dice as multisets.

use core::num::NonZeroU32;

use crate::prob::Prob;
use crate::rng::DiceRng;

/// A die: `N` equally likely faces.
///
/// Faces are any value (a symbol, a number, a set of symbols); two faces may
/// be equal, and each still has probability `1/N`.
///
/// ```
/// use dice_core::{Die, Prob};
///
/// let d6 = Die::new([1, 2, 3, 4, 5, 6]);
/// // Seven dice: 792 distinct multisets, not 6^7 sequences.
/// let outcomes: Vec<_> = d6.roll_outcomes(7).collect();
/// assert_eq!(outcomes.len(), 792);
/// let total = outcomes.iter().try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(*p));
/// assert_eq!(total, Some(Prob::ONE));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Die<F, const N: usize> {
    faces: [F; N],
}

impl<F, const N: usize> Die<F, N> {
    /// A die with these faces, in this order.
    pub const fn new(faces: [F; N]) -> Self {
        Die { faces }
    }

    /// The faces, in order; a [`FaceCounts`] counts dice per position here.
    pub fn faces(&self) -> &[F; N] {
        &self.faces
    }

    /// Rolls one die, returning the index of its face.
    ///
    /// A die with no faces (`N == 0`) has no outcome, and this returns 0.
    #[inline]
    pub fn roll_index(&self, rng: &mut DiceRng) -> usize {
        u32::try_from(N)
            .ok()
            .and_then(NonZeroU32::new)
            .and_then(|n| usize::try_from(rng.below(n)).ok())
            .unwrap_or(0)
    }

    /// Rolls one die, returning its face.
    #[inline]
    pub fn roll(&self, rng: &mut DiceRng) -> Option<&F> {
        self.faces.get(self.roll_index(rng))
    }

    /// Rolls `dice` identical dice one after another and counts how many show
    /// each face. Draws exactly one sample of [`DiceRng::below`] per die.
    pub fn roll_many(&self, dice: u8, rng: &mut DiceRng) -> FaceCounts<N> {
        let mut counts = [0u8; N];
        if N > 0 {
            for _ in 0..dice {
                if let Some(c) = counts.get_mut(self.roll_index(rng)) {
                    // Never saturates: a count is at most `dice`, a `u8`.
                    *c = c.saturating_add(1);
                }
            }
        }
        FaceCounts { counts }
    }

    /// Every multiset of faces that `dice` identical dice can show, each with
    /// its exact probability, in a fixed order (lexicographically decreasing
    /// counts, all dice on the first face first).
    ///
    /// There are `C(dice + N - 1, N - 1)` outcomes; the iterator allocates
    /// nothing. Exact for up to 49 six-sided dice (or any `N^dice` below
    /// 2<sup>128</sup>); beyond that it yields nothing.
    pub fn roll_outcomes(&self, dice: u8) -> RollOutcomes<N> {
        RollOutcomes::new(dice)
    }
}

/// How many dice show each face of a [`Die`]: the outcome of rolling several
/// identical dice, where order does not matter.
///
/// ```
/// use dice_core::{FaceCounts, Prob};
///
/// // Two dice showing the first face and one the third, of a d6.
/// let roll = FaceCounts::new([2, 0, 1, 0, 0, 0]);
/// assert_eq!(roll.dice(), 3);
/// assert_eq!(roll.count(2), 1);
/// assert_eq!(roll.probability(), Prob::new(3, 216));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FaceCounts<const N: usize> {
    counts: [u8; N],
}

impl<const N: usize> FaceCounts<N> {
    /// Wraps per-face counts.
    pub const fn new(counts: [u8; N]) -> Self {
        FaceCounts { counts }
    }

    /// The count for each face index.
    pub fn counts(&self) -> &[u8; N] {
        &self.counts
    }

    /// How many dice show face index `face` (0 for an index out of range).
    pub fn count(&self, face: usize) -> u8 {
        self.counts.get(face).map_or(0, |&n| n)
    }

    /// How many dice in all.
    pub fn dice(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// The exact probability of this multiset when `self.dice()` fair
    /// `N`-sided dice are rolled: the multinomial coefficient over `N^dice`.
    /// `None` when it does not fit in 128 bits.
    pub fn probability(&self) -> Option<Prob> {
        multiset_probability(&self.counts, N)
    }
}

/// `k! / prod(c_i!)` over `faces^k`, reduced.
fn multiset_probability(counts: &[u8], faces: usize) -> Option<Prob> {
    let faces = u128::try_from(faces).ok()?;
    let mut ways: u128 = 1;
    let mut total: u128 = 0;
    let mut denom: u128 = 1;
    for &c in counts {
        // Multiply by C(total + c, c) step by step; each partial product is
        // itself a binomial coefficient, so the division is exact.
        for i in 1..=u128::from(c) {
            total = total.checked_add(1)?;
            ways = ways.checked_mul(total)?.checked_div(i)?;
            denom = denom.checked_mul(faces)?;
        }
    }
    Prob::new(ways, denom)
}

/// Iterator over every [`FaceCounts`] of a roll, with its probability; see
/// [`Die::roll_outcomes`].
#[derive(Debug, Clone)]
pub struct RollOutcomes<const N: usize> {
    next: Option<[u8; N]>,
}

impl<const N: usize> RollOutcomes<N> {
    fn new(dice: u8) -> Self {
        let mut first = [0u8; N];
        let fits = multiset_probability(&[dice], N).is_some();
        let next = match first.first_mut() {
            Some(c) if fits => {
                *c = dice;
                Some(first)
            }
            // A die with no faces shows nothing; zero dice of it is the one
            // (empty) outcome.
            _ if N == 0 && dice == 0 => Some(first),
            _ => None,
        };
        RollOutcomes { next }
    }
}

impl<const N: usize> Iterator for RollOutcomes<N> {
    type Item = (FaceCounts<N>, Prob);

    fn next(&mut self) -> Option<Self::Item> {
        let current = self.next?;
        self.next = next_composition(current);
        let p = multiset_probability(&current, N)?;
        Some((FaceCounts { counts: current }, p))
    }
}

/// The next composition in decreasing lexicographic order: move one unit
/// from the rightmost non-zero part before the last one to its right
/// neighbour, and gather everything after that neighbour into it.
fn next_composition<const N: usize>(mut c: [u8; N]) -> Option<[u8; N]> {
    let last = N.checked_sub(1)?;
    let tail = *c.get(last)?;
    let i = (0..last)
        .rev()
        .find(|&i| c.get(i).is_some_and(|&v| v > 0))?;
    let moved = c.get_mut(i)?;
    *moved = moved.checked_sub(1)?;
    *c.get_mut(last)? = 0;
    let neighbour = c.get_mut(i.checked_add(1)?)?;
    *neighbour = neighbour.checked_add(tail)?.checked_add(1)?;
    Some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(mut outcomes: impl Iterator<Item = (impl Sized, Prob)>) -> Option<Prob> {
        outcomes.try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(p))
    }

    #[test]
    fn seven_d6_has_792_outcomes_summing_to_exactly_one() {
        let d6 = Die::new([1, 2, 3, 4, 5, 6]);
        assert_eq!(d6.roll_outcomes(7).count(), 792);
        assert_eq!(sum(d6.roll_outcomes(7)), Some(Prob::ONE));
        let all_sevens = d6.roll_outcomes(7).all(|(c, _)| c.dice() == 7);
        assert!(all_sevens);
    }

    #[test]
    fn outcomes_are_distinct_and_counted_by_stars_and_bars() {
        let d6 = Die::new([(); 6]);
        for k in 0..=12u8 {
            let mut seen: alloc::vec::Vec<_> = d6.roll_outcomes(k).map(|(c, _)| c).collect();
            let n = seen.len();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), n);
            // C(k + 5, 5)
            let expected = (1..=5u64).fold(1u64, |acc, i| acc * (u64::from(k) + i) / i);
            assert_eq!(n as u64, expected);
            assert_eq!(sum(d6.roll_outcomes(k)), Some(Prob::ONE));
        }
    }

    #[test]
    fn single_die_and_pair_probabilities() {
        let d6 = Die::new([1, 2, 3, 4, 5, 6]);
        let one: alloc::vec::Vec<_> = d6.roll_outcomes(1).collect();
        assert_eq!(one.len(), 6);
        assert!(one.iter().all(|(_, p)| *p == Prob::new(1, 6).unwrap()));
        let double = FaceCounts::new([2, 0, 0, 0, 0, 0]).probability();
        let mixed = FaceCounts::new([1, 1, 0, 0, 0, 0]).probability();
        assert_eq!(double, Prob::new(1, 36));
        assert_eq!(mixed, Prob::new(2, 36));
    }

    #[test]
    fn zero_dice_is_one_certain_outcome() {
        let d6 = Die::new([1, 2, 3, 4, 5, 6]);
        let v: alloc::vec::Vec<_> = d6.roll_outcomes(0).collect();
        assert_eq!(v, [(FaceCounts::new([0; 6]), Prob::ONE)]);
    }

    #[test]
    fn too_many_dice_yield_nothing_instead_of_overflowing() {
        let d6 = Die::new([(); 6]);
        assert_eq!(d6.roll_outcomes(200).next(), None);
        assert!(d6.roll_outcomes(49).next().is_some());
    }

    #[test]
    fn roll_many_counts_every_die() {
        let d6 = Die::new([1, 2, 3, 4, 5, 6]);
        let mut rng = DiceRng::from_seed_u64(7);
        for k in 0..10 {
            assert_eq!(d6.roll_many(k, &mut rng).dice(), u32::from(k));
        }
    }
}

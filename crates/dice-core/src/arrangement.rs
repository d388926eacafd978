//! Distinct arrangements of a multiset over places: shuffled tiles, piles
//! dealt to fixed spots.

use crate::prob::Prob;
use crate::rng::DiceRng;

/// Every distinct arrangement of `items` over `N` places, in increasing
/// lexicographic order, each with its exact probability under a uniform
/// shuffle (all arrangements are equally likely).
///
/// Equal items are indistinguishable, so eight piles `3,4,4,5,5,6,6,7` over
/// eight mines give `8!/(2!·2!·2!) = 5040` arrangements, not `8!`.
///
/// ```
/// use dice_core::{arrangements, Prob};
///
/// let all: Vec<_> = arrangements([3, 4, 4, 5, 5, 6, 6, 7]).collect();
/// assert_eq!(all.len(), 5040);
/// assert!(all.iter().all(|(_, p)| *p == Prob::new(1, 5040).unwrap()));
/// ```
pub fn arrangements<T: Ord + Copy, const N: usize>(items: [T; N]) -> Arrangements<T, N> {
    let mut first = items;
    first.sort_unstable();
    let prob = arrangement_count(&first)
        .and_then(|n| Prob::new(1, n))
        .unwrap_or(Prob::ZERO);
    Arrangements {
        next: (prob != Prob::ZERO).then_some(first),
        prob,
    }
}

/// How many distinct arrangements of these items there are: `n! / prod(m_i!)`
/// over the multiplicities `m_i`; `None` if it does not fit in 128 bits.
///
/// ```
/// assert_eq!(dice_core::arrangement_count(&[3, 4, 4, 5, 5, 6, 6, 7]), Some(5040));
/// ```
pub fn arrangement_count<T: Ord>(items: &[T]) -> Option<u128> {
    // After i items the count is the number of distinct arrangements of
    // those i items; adding one that equals m earlier ones multiplies it by
    // (i + 1) / (m + 1), and the result is again an integer.
    let mut count: u128 = 1;
    for (position, (i, item)) in (1u128..).zip(items.iter().enumerate()) {
        let equal_before = items.iter().take(i).filter(|x| *x == item).count();
        let run = u128::try_from(equal_before).ok()?.checked_add(1)?;
        count = count.checked_mul(position)?.checked_div(run)?;
    }
    Some(count)
}

/// Where `arrangement` stands among the [`arrangements`] of its own items
/// (0 for the items in increasing order): the id of a dealt layout among
/// the listed outcomes, computed without listing them. `None` if the count
/// does not fit in 128 bits.
///
/// ```
/// use dice_core::{arrangement_rank, arrangements};
///
/// let layout = [5, 3, 4, 7, 6, 4, 6, 5];
/// let listed = arrangements(layout).position(|(a, _)| a == layout);
/// assert_eq!(arrangement_rank(layout), listed.map(|i| i as u128));
/// ```
pub fn arrangement_rank<T: Ord + Copy, const N: usize>(arrangement: [T; N]) -> Option<u128> {
    // Arrangements of the items left that start with `v` number
    // count(left) * multiplicity(v) / len(left); every distinct `v` below
    // the item in place comes first.
    let mut rank: u128 = 0;
    for start in 0..N {
        let left = arrangement.get(start..).unwrap_or(&[]);
        let Some((&here, _)) = left.split_first() else {
            break;
        };
        let count = arrangement_count(left)?;
        let len = u128::try_from(left.len()).ok()?;
        for (i, &v) in left.iter().enumerate() {
            let first_of_its_value = !left.iter().take(i).any(|&x| x == v);
            if v < here && first_of_its_value {
                let copies = u128::try_from(left.iter().filter(|&&x| x == v).count()).ok()?;
                rank = rank.checked_add(count.checked_mul(copies)?.checked_div(len)?)?;
            }
        }
    }
    Some(rank)
}

/// The arrangement of `items` at `rank` in the order of [`arrangements`]:
/// the inverse of [`arrangement_rank`], computed without listing the
/// arrangements before it. `None` when `rank` is not below their count.
///
/// ```
/// use dice_core::{arrangement_rank, arrangement_unrank, arrangements};
///
/// let piles = [3, 4, 4, 5, 5, 6, 6, 7];
/// let tenth = arrangements(piles).nth(10).map(|(a, _)| a);
/// assert_eq!(arrangement_unrank(piles, 10), tenth);
/// assert_eq!(tenth.and_then(arrangement_rank), Some(10));
/// assert_eq!(arrangement_unrank(piles, 5040), None);
/// ```
pub fn arrangement_unrank<T: Ord + Copy, const N: usize>(
    items: [T; N],
    rank: u128,
) -> Option<[T; N]> {
    let mut left = items;
    left.sort_unstable();
    if rank >= arrangement_count(&left)? {
        return None;
    }
    // Place by place: the items left that start with each distinct value
    // number count(left) * multiplicity(value) / len(left), smallest value
    // first; the rank falls in one of those blocks.
    let mut rank = rank;
    let mut out = left;
    for place in 0..N {
        let rest = left.get_mut(place..)?;
        let count = arrangement_count(rest)?;
        let len = u128::try_from(rest.len()).ok()?;
        let mut chosen = None;
        let mut i = 0;
        while let Some(&v) = rest.get(i) {
            let copies = rest.iter().skip(i).take_while(|&&x| x == v).count();
            let block = count
                .checked_mul(u128::try_from(copies).ok()?)?
                .checked_div(len)?;
            if rank < block {
                chosen = Some(i);
                break;
            }
            rank = rank.checked_sub(block)?;
            i = i.checked_add(copies)?;
        }
        let at = chosen?;
        // The chosen value moves to the front of what is left; the rest
        // stays sorted.
        rest.get_mut(..=at)?.rotate_right(1);
        *out.get_mut(place)? = *rest.first()?;
    }
    Some(out)
}

/// Shuffles `items` uniformly (Fisher–Yates on [`DiceRng`]); the result is one
/// of the [`arrangements`] of `items`, each equally likely.
///
/// ```
/// use dice_core::{shuffled, DiceRng};
///
/// let layout = shuffled([3, 4, 4, 5, 5, 6, 6, 7], &mut DiceRng::from_seed_u64(42));
/// assert_eq!(layout.iter().sum::<i32>(), 40);
/// ```
pub fn shuffled<T, const N: usize>(mut items: [T; N], rng: &mut DiceRng) -> [T; N] {
    rng.shuffle(&mut items);
    items
}

/// Iterator returned by [`arrangements`].
#[derive(Debug, Clone)]
pub struct Arrangements<T, const N: usize> {
    next: Option<[T; N]>,
    prob: Prob,
}

impl<T: Ord + Copy, const N: usize> Iterator for Arrangements<T, N> {
    type Item = ([T; N], Prob);

    fn next(&mut self) -> Option<Self::Item> {
        let current = self.next?;
        let mut following = current;
        self.next = next_permutation(&mut following).then_some(following);
        Some((current, self.prob))
    }
}

/// Rearranges into the next greater permutation; false when `a` was the
/// greatest. Equal items are never swapped with each other, so each distinct
/// arrangement appears once.
fn next_permutation<T: Ord>(a: &mut [T]) -> bool {
    // The pivot is the last item smaller than its successor; everything after
    // it is non-increasing.
    let Some(pivot) = a
        .windows(2)
        .rposition(|pair| matches!(pair, [x, y] if x < y))
    else {
        return false;
    };
    let Some((pivot_item, tail)) = a.get_mut(pivot..).and_then(<[T]>::split_first_mut) else {
        return false;
    };
    let Some(successor) = tail.iter_mut().rev().find(|x| **x > *pivot_item) else {
        return false;
    };
    core::mem::swap(pivot_item, successor);
    tail.reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn a_rank_is_the_position_among_the_arrangements_and_unranks_back() {
        for items in [
            [3u8, 4, 4, 5, 5, 6, 6, 7],
            [1, 1, 1, 1, 2, 2, 2, 2],
            [1, 1, 1, 2, 2, 3, 3, 3],
            [7, 6, 5, 4, 3, 2, 1, 0],
        ] {
            let listed: Vec<_> = arrangements(items).map(|(a, _)| a).collect();
            for (position, layout) in listed.iter().enumerate() {
                let rank = position as u128;
                assert_eq!(arrangement_rank(*layout), Some(rank), "{layout:?}");
                assert_eq!(arrangement_unrank(items, rank), Some(*layout));
            }
            // Nothing past the last.
            assert_eq!(arrangement_unrank(items, listed.len() as u128), None);
        }
        assert_eq!(arrangement_rank::<u8, 0>([]), Some(0));
        assert_eq!(arrangement_unrank([0u8; 0], 0), Some([]));
    }

    #[test]
    fn gold_piles_over_eight_mines_give_5040_equally_likely_layouts() {
        let piles = [3u8, 4, 4, 5, 5, 6, 6, 7];
        let all: Vec<_> = arrangements(piles).collect();
        assert_eq!(all.len(), 5040);
        let mut layouts: Vec<_> = all.iter().map(|(a, _)| *a).collect();
        layouts.dedup();
        assert_eq!(
            layouts.len(),
            5040,
            "in increasing order, so dedup finds repeats"
        );
        let total = all
            .iter()
            .try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(*p));
        assert_eq!(total, Some(Prob::ONE));
        assert!(
            all.iter()
                .all(|(a, _)| a.iter().map(|&x| u32::from(x)).sum::<u32>() == 40)
        );
    }

    #[test]
    fn counts_match_the_multinomial() {
        assert_eq!(arrangement_count(&[1, 2, 3]), Some(6));
        assert_eq!(arrangement_count(&[1, 1, 1]), Some(1));
        assert_eq!(arrangement_count::<u8>(&[]), Some(1));
        assert_eq!(arrangement_count(&[1, 1, 2, 2]), Some(6));
        assert_eq!(arrangements([1, 1, 2, 2]).count(), 6);
    }

    #[test]
    fn a_shuffle_is_one_of_the_arrangements() {
        let mut rng = DiceRng::from_seed_u64(3);
        let piles = [3u8, 4, 4, 5, 5, 6, 6, 7];
        for _ in 0..100 {
            let s = shuffled(piles, &mut rng);
            assert!(arrangements(piles).any(|(a, _)| a == s));
        }
    }
}

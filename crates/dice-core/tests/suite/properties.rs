//! Properties of the chance primitives over random inputs.

use std::num::NonZeroU32;

use dice_core::{DiceRng, Die, Prob, arrangement_count, arrangements, shuffled};
use proptest::prelude::*;

proptest! {
    #[test]
    fn below_stays_below_its_bound(seed in any::<u64>(), n in 1u32..) {
        let mut rng = DiceRng::from_seed_u64(seed);
        let bound = NonZeroU32::new(n).unwrap();
        for _ in 0..16 {
            prop_assert!(rng.below(bound) < n);
        }
    }

    #[test]
    fn shuffle_is_a_permutation(seed in any::<u64>(), mut items in proptest::collection::vec(any::<u8>(), 0..40)) {
        let mut rng = DiceRng::from_seed_u64(seed);
        let mut shuffled_items = items.clone();
        rng.shuffle(&mut shuffled_items);
        items.sort_unstable();
        shuffled_items.sort_unstable();
        prop_assert_eq!(items, shuffled_items);
    }

    #[test]
    fn roll_outcomes_of_a_d4_sum_to_one(k in 0u8..30) {
        let d4 = Die::new(['a', 'b', 'c', 'd']);
        let total = d4.roll_outcomes(k).try_fold(Prob::ZERO, |acc, (c, p)| {
            (c.dice() == u32::from(k)).then_some(())?;
            (c.probability() == Some(p)).then_some(())?;
            acc.checked_add(p)
        });
        prop_assert_eq!(total, Some(Prob::ONE));
    }

    #[test]
    fn a_sampled_roll_is_a_listed_outcome(seed in any::<u64>(), k in 0u8..12) {
        let d6 = Die::new([1, 2, 3, 4, 5, 6]);
        let rolled = d6.roll_many(k, &mut DiceRng::from_seed_u64(seed));
        prop_assert!(d6.roll_outcomes(k).any(|(c, _)| c == rolled));
    }

    #[test]
    fn arrangements_are_counted_exactly(items in proptest::collection::vec(0u8..4, 6)) {
        let arr: [u8; 6] = items.clone().try_into().unwrap();
        let listed = arrangements(arr).count();
        prop_assert_eq!(Some(listed as u128), arrangement_count(&items));
        let s = shuffled(arr, &mut DiceRng::from_seed_u64(u64::from(items[0])));
        prop_assert!(arrangements(arr).any(|(a, _)| a == s));
    }

    #[test]
    fn prob_arithmetic_is_exact(a in 0u128..1000, b in 1u128..1000, c in 0u128..1000, d in 1u128..1000) {
        let (a, c) = (a.min(b), c.min(d));
        let p = Prob::new(a, b).unwrap();
        let q = Prob::new(c, d).unwrap();
        prop_assert_eq!(p.checked_mul(q), q.checked_mul(p));
        if let Some(sum) = p.checked_add(q) {
            prop_assert!(sum >= p && sum >= q);
            prop_assert_eq!(sum.numer() * b * d, (a * d + c * b) * sum.denom());
        }
        prop_assert_eq!(p.cmp(&q), (a * d).cmp(&(c * b)));
        prop_assert_eq!(p.complement().complement(), p);
    }
}

proptest! {
    #[test]
    fn turn_order_counts_seats_to_the_left(players in 1usize..=255, seat in 0usize..600, steps in 0usize..2000) {
        let table = dice_core::seat::TurnOrder::new(players).unwrap();
        prop_assert_eq!(table.left_of(seat, steps), (seat + steps) % players);
        prop_assert_eq!(table.next(seat), (seat + 1) % players);
        let to = table.left_of(seat, steps);
        prop_assert_eq!(table.left_of(seat, table.distance(seat, to)), to);
        let round: Vec<usize> = table.round_from(seat).collect();
        prop_assert_eq!(round.len(), players);
        let mut sorted = round.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..players).collect::<Vec<_>>());
    }

    #[test]
    fn per_seat_holds_one_value_per_seat(values in proptest::collection::vec(0u32..100, 0..10)) {
        use dice_core::seat::PerSeat;
        let table = PerSeat::<u32, 6>::from_values(values.iter().copied());
        prop_assert_eq!(table.is_some(), (1..=6).contains(&values.len()));
        if let Some(table) = table {
            prop_assert_eq!(table.as_slice(), values.as_slice());
            let json = serde_json::to_string(&table).unwrap();
            prop_assert_eq!(serde_json::from_str::<PerSeat<u32, 6>>(&json).unwrap(), table);
            let doubled = table.map(|_, v| v * 2);
            prop_assert!(doubled.iter().all(|(s, v)| *v == values[s] * 2));
        }
    }
}

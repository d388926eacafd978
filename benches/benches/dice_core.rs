//! Sampling and enumeration costs in dice-core.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;
use std::num::NonZeroU32;

use criterion::{Criterion, criterion_group, criterion_main};
use dice_core::{DiceRng, Die, arrangements};

fn bench(c: &mut Criterion) {
    let d6 = Die::new([1u8, 2, 3, 4, 5, 6]);
    let six = NonZeroU32::new(6).unwrap_or(NonZeroU32::MIN);
    let mut rng = DiceRng::from_seed_u64(0);
    c.bench_function("dice_rng_below_6", |b| b.iter(|| black_box(rng.below(six))));
    c.bench_function("roll_many_7d6", |b| {
        b.iter(|| black_box(d6.roll_many(black_box(7), &mut rng)));
    });
    c.bench_function("roll_outcomes_7d6_all_792", |b| {
        b.iter(|| d6.roll_outcomes(black_box(7)).count());
    });
    c.bench_function("arrangements_gold_piles_all_5040", |b| {
        b.iter(|| arrangements(black_box([3u8, 4, 4, 5, 5, 6, 6, 7])).count());
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

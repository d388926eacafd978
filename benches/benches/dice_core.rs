//! Sampling and enumeration costs in dice-core.
// criterion's macros generate undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;
use std::num::NonZeroU32;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{DiceRng, Die, Entry, Record, arrangements, replay};

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

/// A legal Pig record of `entries` entries: rolls of two that never end the
/// turn.
fn long_record(entries: usize) -> Record<Pig> {
    let log = (0..entries)
        .map(|i| {
            if i % 2 == 0 {
                Entry::Action {
                    player: None,
                    action: PigAction::Roll,
                }
            } else {
                Entry::Chance(2)
            }
        })
        .collect();
    Record::new(PigConfig {
        players: 2,
        target: u32::MAX,
        openspiel: None,
    })
    .with_seed(0)
    .with_log(log)
}

/// Replay time per entry stays flat as records grow: replay is linear.
fn bench_replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay_pig");
    for entries in [1_000usize, 10_000, 100_000] {
        let record = long_record(entries);
        group.throughput(Throughput::Elements(entries as u64));
        group.bench_with_input(BenchmarkId::from_parameter(entries), &record, |b, r| {
            b.iter(|| replay(black_box(r)).map(|m| m.log().len()));
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_replay);
criterion_main!(benches);

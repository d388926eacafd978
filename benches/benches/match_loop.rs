//! The `Match` loop of every game: a match played to its end by random
//! agents through [`play_out`] (chance from the match's generator, the log
//! kept, a view built for every decision), beside the direct loop on the
//! bare state, so that a slower view or log shows as a wider gap.
//!
//! `cargo bench -p benches --bench match_loop`
#![allow(missing_docs)]
#![allow(
    clippy::unwrap_used,
    clippy::arithmetic_side_effects,
    reason = "a benchmark harness: a game that cannot go on is a broken benchmark, reported by panicking"
)]

use std::hint::black_box;

use benches::{random_game, random_match};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dice_core::Game;

fn one_game<G: Game>(c: &mut Criterion, name: &str, config: &G::Config) {
    let mut group = c.benchmark_group(format!("match_loop/{name}"));
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::from_parameter("match"), |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_match::<G>(config, seed))
        });
    });
    let mut legal = Vec::with_capacity(1024);
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::from_parameter("direct"), |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(random_game::<G>(config, seed, &mut legal, |_| false))
        });
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
    use armadora_rules::{Armadora, ArmadoraConfig};
    use era_rules::{Era, EraConfig};
    one_game::<AgeOfWar>(c, "age_of_war_2p", &AgeOfWarConfig::new(2));
    one_game::<Armadora>(c, "armadora_2p", &ArmadoraConfig::new(2));
    one_game::<Era>(c, "era_2p", &EraConfig::new(2));
}

criterion_group!(benches, bench);
criterion_main!(benches);

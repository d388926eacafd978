//! Era: random full games per second, the walled-cell computation, and a
//! view's observation tensor.
#![allow(missing_docs)]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a benchmark harness: a game that cannot go on is a broken benchmark, reported by panicking"
)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use era_rules::dice_core::observation::ObservationTensor;
use era_rules::prelude::*;

/// One uniformly random game from `seed`; returns its final state.
fn random_game(config: &EraConfig, seed: u64, legal: &mut Vec<Action>) -> Era {
    random_steps(config, seed, usize::MAX, legal)
}

/// `steps` uniformly random steps from `seed` (or fewer, if the game ends).
fn random_steps(config: &EraConfig, seed: u64, steps: usize, legal: &mut Vec<Action>) -> Era {
    let mut game = Era::new(config).unwrap();
    let mut rng = DiceRng::from_seed_u64(seed);
    for _ in 0..steps {
        match game.to_move() {
            ToMove::Over => return game,
            ToMove::Chance => {
                let c = game.sample_chance(&mut rng).unwrap();
                game.apply_chance_unchecked(c);
            }
            ToMove::Player(_) => {
                game.legal_actions(legal);
                let a = *rng.choose(legal).unwrap();
                game.apply_unchecked(a);
            }
        }
    }
    game
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("era/random_game");
    group.throughput(Throughput::Elements(1));
    for players in [2, 4] {
        let config = EraConfig::new(players);
        let mut legal = Vec::new();
        let mut seed = 0;
        group.bench_with_input(
            BenchmarkId::from_parameter(players),
            &config,
            |b, config| {
                b.iter(|| {
                    seed += 1;
                    random_game(config, seed, &mut legal)
                });
            },
        );
    }
    group.finish();
}

fn walled(c: &mut Criterion) {
    let mut legal = Vec::new();
    let game = random_game(&EraConfig::new(4), 7, &mut legal);
    let domains: Vec<Domain> = game
        .player_list()
        .iter()
        .map(|p| p.domain().clone())
        .collect();
    c.bench_function("era/walled_cells_9x9_full_domain", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % domains.len();
            std::hint::black_box(&domains[i]).walled_cells()
        });
    });
}

/// A view and its tensor, for the seat to move in the middle of a game
/// (after 150 random steps: rounds under way, domains growing).
fn observation(c: &mut Criterion) {
    let mut group = c.benchmark_group("era/observation");
    for players in [2, 4] {
        let mut legal = Vec::new();
        let game = random_steps(&EraConfig::new(players), 3, 150, &mut legal);
        let viewer = match game.to_move() {
            ToMove::Player(seat) => Viewer::Seat(seat),
            _ => Viewer::Spectator,
        };
        let mut tensor = Vec::new();
        group.bench_function(BenchmarkId::from_parameter(players), |b| {
            b.iter(|| {
                Era::write_observation(&game.view(viewer), &mut tensor);
                std::hint::black_box(tensor.len())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, games, walled, observation);
criterion_main!(benches);

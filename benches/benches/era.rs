//! Era: random full games per second and the walled-cell computation.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use dice_core::{DiceRng, Game, ToMove};
use era_rules::{Domain, Era, EraConfig};

/// One uniformly random game from `seed`; returns its final state.
fn random_game(config: &EraConfig, seed: u64, legal: &mut Vec<era_rules::Action>) -> Era {
    let mut game = Era::new(config).unwrap();
    let mut rng = DiceRng::from_seed_u64(seed);
    loop {
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

criterion_group!(benches, games, walled);
criterion_main!(benches);

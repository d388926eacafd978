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

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use dice_core::{Agent, DiceRng, Game, Match, RandomAgent, ToMove, play_out};

/// One match from `seed` to its end, random agents in every seat.
fn match_game<G: Game>(config: &G::Config, players: usize, seed: u64) -> usize {
    let mut m = Match::<G>::new(config, seed).unwrap();
    let mut agents: Vec<RandomAgent> = vec![RandomAgent; players];
    let mut seats: Vec<&mut dyn Agent<G>> = agents
        .iter_mut()
        .map(|agent| agent as &mut dyn Agent<G>)
        .collect();
    play_out(
        &mut m,
        &mut seats,
        &mut DiceRng::from_seed_u64(seed),
        10_000_000,
    )
    .unwrap();
    m.log().len()
}

/// The same game on the bare state: no log, no view.
fn direct_game<G: Game>(config: &G::Config, seed: u64, legal: &mut Vec<G::Action>) -> usize {
    let mut game = G::new(config).unwrap();
    let mut chance = DiceRng::from_seed_u64(seed);
    let mut agent = DiceRng::from_seed_u64(seed);
    let mut steps = 0;
    loop {
        match game.to_move() {
            ToMove::Over => return steps,
            ToMove::Chance => {
                let outcome = game.sample_chance(&mut chance).unwrap();
                game.apply_chance_unchecked(outcome);
            }
            ToMove::Player(_) => {
                game.legal_actions(legal);
                let action = *agent.choose(legal).unwrap();
                game.apply_unchecked(action);
            }
        }
        steps += 1;
    }
}

fn one_game<G: Game>(c: &mut Criterion, name: &str, config: &G::Config, players: usize) {
    let mut group = c.benchmark_group(format!("match_loop/{name}"));
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::from_parameter("match"), |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(match_game::<G>(config, players, seed))
        });
    });
    let mut legal = Vec::with_capacity(1024);
    let mut seed = 0u64;
    group.bench_function(BenchmarkId::from_parameter("direct"), |b| {
        b.iter(|| {
            seed = seed.wrapping_add(1);
            black_box(direct_game::<G>(config, seed, &mut legal))
        });
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
    use armadora_rules::{Armadora, ArmadoraConfig};
    use era_rules::{Era, EraConfig};
    one_game::<AgeOfWar>(c, "age_of_war_2p", &AgeOfWarConfig::new(2), 2);
    one_game::<Armadora>(c, "armadora_2p", &ArmadoraConfig::new(2), 2);
    one_game::<Era>(c, "era_2p", &EraConfig::new(2), 2);
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! Age of War: random full games, steps per second, the exact odds table,
//! the odds of every legal action, and observation tensors.
//!
//! `cargo bench -p benches --bench age_of_war`
// criterion's macros define undocumented items.
#![allow(missing_docs)]

use std::hint::black_box;

use age_of_war_rules::dice_core::observation::ObservationTensor;
use age_of_war_rules::prelude::*;
use age_of_war_rules::solver::{CastleOdds, OddsTable};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plays one uniformly random game; returns its steps (decisions plus
/// chance events).
fn random_game(players: usize, seed: u64, legal: &mut Vec<Action>) -> u64 {
    let Ok(mut game) = AgeOfWar::new(&AgeOfWarConfig::new(players)) else {
        return 0;
    };
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut steps = 0;
    loop {
        match game.to_move() {
            ToMove::Over => return steps,
            ToMove::Chance => {
                let Some(outcome) = game.sample_chance(&mut rng) else {
                    return steps;
                };
                game.apply_chance_unchecked(outcome);
            }
            ToMove::Player(_) => {
                game.legal_actions(legal);
                let Some(&action) = rng.choose(legal) else {
                    return steps;
                };
                game.apply_unchecked(action);
            }
        }
        steps = steps.saturating_add(1);
    }
}

/// The first decision of a seeded game: seven dice, no castle chosen.
fn first_decision() -> Option<AgeOfWar> {
    let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2)).ok()?;
    let mut rng = DiceRng::from_seed_u64(1);
    while game.to_move() == ToMove::Chance {
        let outcome = game.sample_chance(&mut rng)?;
        game.apply_chance_unchecked(outcome);
    }
    Some(game)
}

fn bench(c: &mut Criterion) {
    const GAMES: u64 = 20;
    let mut legal = Vec::with_capacity(128);
    for players in [2, 4] {
        let steps: u64 = (0..GAMES)
            .map(|s| random_game(players, s, &mut legal))
            .sum();
        let mut group = c.benchmark_group(format!("age_of_war_{players}p"));
        group.throughput(Throughput::Elements(steps));
        group.bench_function(format!("{GAMES}_random_games_steps"), |b| {
            b.iter(|| {
                (0..GAMES)
                    .map(|s| random_game(black_box(players), s, &mut legal))
                    .sum::<u64>()
            });
        });
        group.finish();
        let mut seed = 0u64;
        c.bench_function(&format!("age_of_war_{players}p_one_random_game"), |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                random_game(players, seed, &mut legal)
            });
        });
    }
    c.bench_function("age_of_war_odds_table_14_castles", |b| {
        b.iter(|| black_box(OddsTable::new()));
    });
    c.bench_function("age_of_war_odds_one_castle_kumamoto", |b| {
        b.iter(|| black_box(CastleOdds::new(black_box(Castle::Kumamoto))));
    });
    // The bot's decision before committing: expected swing over all
    // fourteen castles, from a kept odds table.
    let odds = OddsTable::new();
    if let Some(start) = first_decision() {
        c.bench_function("age_of_war_best_action_uncommitted", |b| {
            b.iter(|| black_box(odds.best_action(black_box(&start))));
        });
        // What a frontend shows beside its buttons: the conquest chance of
        // every legal action, before committing (the hardest case).
        c.bench_function("age_of_war_action_odds_uncommitted", |b| {
            b.iter(|| black_box(odds.action_odds(black_box(&start))));
        });
        // One observation tensor into a warm buffer.
        let mut tensor = Vec::new();
        c.bench_function("age_of_war_write_observation", |b| {
            b.iter(|| AgeOfWar::write_observation(black_box(&start), &mut tensor));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

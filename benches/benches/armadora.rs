//! Armadöra: legal-action listing, apply, the four-square check, random
//! full games and observation tensors.
#![allow(missing_docs)]
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    reason = "a benchmark harness: a game that cannot go on is a broken benchmark, reported by panicking"
)]

use std::hint::black_box;

use armadora_rules::dice_core::observation::ObservationTensor;
use armadora_rules::prelude::*;
use criterion::{Criterion, criterion_group, criterion_main};

/// A uniformly random game to its end, allocation-free once `legal` has
/// grown: the `RandomAgent`'s choice without the view.
fn random_game(config: &ArmadoraConfig, rng: &mut DiceRng, legal: &mut Vec<Action>) -> Armadora {
    let mut game = Armadora::new(config).unwrap();
    loop {
        match game.to_move() {
            ToMove::Over => return game,
            ToMove::Chance => {
                let c = game.sample_chance(rng).unwrap();
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

/// The position after `steps` random decisions (fewer if the game ends).
fn position(config: &ArmadoraConfig, seed: u64, steps: usize) -> Armadora {
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut game = Armadora::new(config).unwrap();
    let mut legal = Vec::new();
    let mut taken = 0;
    while taken < steps || game.to_move() == ToMove::Chance {
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let c = game.sample_chance(&mut rng).unwrap();
                game.apply_chance_unchecked(c);
            }
            ToMove::Player(_) => {
                game.legal_actions(&mut legal);
                // Avoid passing so the position stays a real one.
                let choices: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| *a != Action::Pass)
                    .collect();
                let a = *rng.choose(&choices).unwrap_or(&Action::Pass);
                game.apply_unchecked(a);
                taken += 1;
            }
        }
    }
    game
}

fn bench(c: &mut Criterion) {
    let two = ArmadoraConfig::new(2);
    let four = ArmadoraConfig::new(4).advanced(true);
    let mut legal = Vec::with_capacity(1024);
    for (name, steps) in [("opening", 0), ("middle", 20), ("late", 40)] {
        let game = position(&two, 5, steps);
        c.bench_function(&format!("armadora/legal_actions/{name}"), |b| {
            b.iter(|| {
                black_box(&game).legal_actions(&mut legal);
                black_box(legal.len())
            });
        });
    }
    let middle = position(&two, 5, 20);
    middle.legal_actions(&mut legal);
    let warrior = *legal
        .iter()
        .find(|a| matches!(a, Action::Warrior { .. }))
        .unwrap();
    let palisade = *legal
        .iter()
        .find(|a| matches!(a, Action::Palisade(_)))
        .unwrap();
    for (name, action) in [("warrior", warrior), ("palisade", palisade)] {
        c.bench_function(&format!("armadora/apply/{name}"), |b| {
            b.iter(|| {
                let mut g = black_box(&middle).clone();
                g.apply_unchecked(black_box(action));
                g
            });
        });
    }
    let palisades = middle.table().palisades();
    let line: Line = "d3e".parse().unwrap();
    c.bench_function("armadora/four_square_check", |b| {
        b.iter(|| black_box(palisades).allows(black_box(line)));
    });
    let mut rng = DiceRng::from_seed_u64(1);
    c.bench_function("armadora/random_game/2_players", |b| {
        b.iter(|| random_game(&two, &mut rng, &mut legal));
    });
    c.bench_function("armadora/random_game/4_players_advanced", |b| {
        b.iter(|| random_game(&four, &mut rng, &mut legal));
    });
    // A seat's view of a middle position, and its tensor into a reused
    // buffer: what a network's input costs per step.
    let mut tensor = Vec::with_capacity(1024);
    for (name, config) in [("2_players", &two), ("4_players_advanced", &four)] {
        let game = position(config, 5, 20);
        c.bench_function(&format!("armadora/observation/{name}"), |b| {
            b.iter(|| {
                let view = black_box(&game).view(Viewer::Seat(1));
                Armadora::write_observation(&view, &mut tensor);
                black_box(tensor.len())
            });
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

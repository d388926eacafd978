//! Fixed amounts of work for instruction counts (`valgrind --tool=callgrind`)
//! and whole-process timings (`farm-bench`), where criterion's time-boxed
//! runs do not fit:
//!
//! - `workload age-of-war PLAYERS GAMES`: uniformly random games on the bare
//!   state (the `age_of_war` bench's loop), seeds `0..GAMES`;
//! - `workload age-of-war-shortcut PLAYERS GAMES`: the same, ending each
//!   hopeless turn at once (`AgeOfWar::end_hopeless_turn`, a simulation
//!   shortcut: other games from the same seeds);
//! - `workload match GAME GAMES`: `Match`es of `age-of-war`, `armadora` or
//!   `era` at 2 players played to the end by random agents (the
//!   `match_loop` bench's loop).
//! - `workload mcts GAME ITERATIONS DECISIONS`: `Mcts` with `ITERATIONS`
//!   iterations on `DECISIONS` decisions with a choice, taken from seeded
//!   random 2-player games of `GAME` (one in five such decisions).
//!
//! Each prints the steps (or decisions) it took.
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "a bench binary: bad arguments end it with a message"
)]

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig};
use armadora_rules::{Armadora, ArmadoraConfig};
use benches::{random_game, random_match};
use dice_core::{Agent, DiceRng, Game, ToMove};
use era_rules::{Era, EraConfig};

fn direct<G: Game>(config: &G::Config, games: u64) -> u64 {
    let mut legal = Vec::with_capacity(128);
    (0..games)
        .map(|seed| random_game::<G>(config, seed, &mut legal, |_| false).unwrap())
        .sum()
}

/// Random Age of War games that end hopeless turns at once.
fn shortcut(config: AgeOfWarConfig, games: u64) -> u64 {
    let mut legal = Vec::with_capacity(128);
    (0..games)
        .map(|seed| random_game(&config, seed, &mut legal, AgeOfWar::end_hopeless_turn).unwrap())
        .sum()
}

fn matches<G: Game>(config: &G::Config, games: u64) -> u64 {
    (0..games)
        .map(|seed| random_match::<G>(config, seed).unwrap() as u64)
        .sum()
}

fn searches<G: Game>(config: &G::Config, iterations: u32, decisions: u64) -> u64 {
    let mut bot = dice_core::mcts::Mcts::new(iterations);
    let mut legal = Vec::with_capacity(128);
    let mut searched = 0u64;
    let mut bot_rng = DiceRng::from_seed_u64(1);
    for seed in 0.. {
        let mut game = G::new(config).unwrap();
        let mut rng = DiceRng::from_seed_u64(seed);
        loop {
            match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let outcome = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance_unchecked(outcome);
                }
                ToMove::Player(seat) => {
                    game.legal_actions(&mut legal);
                    if legal.len() > 1 && rng.index(5) == Some(0) {
                        let view = game.view(dice_core::Viewer::Seat(seat));
                        let choice =
                            Agent::<G>::choose(&mut bot, seat, &view, &legal, &mut bot_rng);
                        assert!(choice.is_some_and(|a| legal.contains(&a)));
                        searched += 1;
                        if searched == decisions {
                            return searched;
                        }
                    }
                    game.apply_unchecked(*rng.choose(&legal).unwrap());
                }
            }
        }
    }
    searched
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> u64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("argument {i} must be a number"))
    };
    let steps = match (
        args.get(1).map(String::as_str),
        args.get(2).map(String::as_str),
    ) {
        (Some("age-of-war"), _) => {
            let players = usize::try_from(number(2)).unwrap();
            direct::<AgeOfWar>(&AgeOfWarConfig::new(players), number(3))
        }
        (Some("age-of-war-shortcut"), _) => {
            let players = usize::try_from(number(2)).unwrap();
            shortcut(AgeOfWarConfig::new(players), number(3))
        }
        (Some("match"), Some("age-of-war")) => {
            matches::<AgeOfWar>(&AgeOfWarConfig::new(2), number(3))
        }
        (Some("match"), Some("armadora")) => {
            matches::<Armadora>(&ArmadoraConfig::new(2), number(3))
        }
        (Some("match"), Some("era")) => matches::<Era>(&EraConfig::new(2), number(3)),
        (Some("mcts"), Some(game)) => {
            let iterations = u32::try_from(number(3)).unwrap();
            let decisions = number(4);
            match game {
                "age-of-war" => {
                    searches::<AgeOfWar>(&AgeOfWarConfig::new(2), iterations, decisions)
                }
                "armadora" => searches::<Armadora>(&ArmadoraConfig::new(2), iterations, decisions),
                "era" => searches::<Era>(&EraConfig::new(2), iterations, decisions),
                _ => panic!("no game {game}"),
            }
        }
        _ => {
            eprintln!(
                "usage: workload age-of-war PLAYERS GAMES | match age-of-war|armadora|era GAMES"
            );
            std::process::exit(2);
        }
    };
    println!("steps {steps}");
}

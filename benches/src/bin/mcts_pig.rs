//! This workspace's MCTS on Pig, for the comparison with OpenSpiel's
//! `MCTSBot` (`benches/openspiel/mcts_pig.py` drives it).
//!
//! - `mcts_pig speed SIMULATIONS DECISIONS TARGET EXPLORATION`: searches
//!   `DECISIONS` positions of seeded random games (2 players, `TARGET`
//!   points) with `SIMULATIONS` simulations each and prints
//!   `simulations_per_second N`.
//! - `mcts_pig serve SIMULATIONS TARGET EXPLORATION SEED`: one bot on a
//!   line protocol. It reads `new`, `roll`, `hold` (a decision taken),
//!   `die N` (a roll's face) and `move` (answers `roll` or `hold`: its own
//!   choice for the seat to move, not applied until it is sent back) and
//!   `stats` (searches, seconds searching, simulations).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    reason = "a bench binary: bad arguments end it with a message"
)]

use std::io::{BufRead, Write};
use std::time::Instant;

use dice_core::mcts::Mcts;
use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{Agent, DiceRng, Game, ToMove, Viewer};

fn arg<T: std::str::FromStr>(args: &[String], i: usize, name: &str) -> T {
    args.get(i)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("argument {i}: {name}"))
}

fn config(target: u32) -> PigConfig {
    PigConfig {
        players: 2,
        target,
        openspiel: None,
    }
}

/// `count` positions where a seat must decide, from seeded random games.
fn positions(target: u32, count: usize) -> Vec<Pig> {
    let mut rng = DiceRng::from_seed_u64(2024);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while out.len() < count {
        let mut game = Pig::new(&config(target)).unwrap();
        loop {
            match game.to_move() {
                ToMove::Over => break,
                ToMove::Chance => {
                    let face = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance_unchecked(face);
                }
                ToMove::Player(_) => {
                    game.legal_actions(&mut legal);
                    if legal.len() > 1 && rng.below(7.try_into().unwrap()) == 0 && out.len() < count
                    {
                        out.push(game.clone());
                    }
                    game.apply_unchecked(*rng.choose(&legal).unwrap());
                }
            }
        }
    }
    out
}

fn speed(args: &[String]) {
    let simulations: u32 = arg(args, 2, "SIMULATIONS");
    let decisions: usize = arg(args, 3, "DECISIONS");
    let target: u32 = arg(args, 4, "TARGET");
    let exploration: f64 = arg(args, 5, "EXPLORATION");
    let positions = positions(target, decisions);
    let mut bot = Mcts::new(simulations).with_exploration(exploration);
    let mut rng = DiceRng::from_seed_u64(7);
    let mut legal = Vec::new();
    let mut rolls = 0usize;
    let start = Instant::now();
    for game in &positions {
        game.legal_actions(&mut legal);
        let ToMove::Player(seat) = game.to_move() else {
            continue;
        };
        let choice = Agent::<Pig>::choose(
            &mut bot,
            seat,
            &game.view(Viewer::Seat(seat)),
            &legal,
            &mut rng,
        );
        rolls += usize::from(choice == Some(PigAction::Roll));
    }
    let seconds = start.elapsed().as_secs_f64();
    let total = f64::from(simulations) * positions.len() as f64;
    println!("decisions {} rolls {rolls}", positions.len());
    println!("seconds {seconds:.4}");
    println!("simulations_per_second {:.0}", total / seconds);
}

fn serve(args: &[String]) {
    let simulations: u32 = arg(args, 2, "SIMULATIONS");
    let target: u32 = arg(args, 3, "TARGET");
    let exploration: f64 = arg(args, 4, "EXPLORATION");
    let seed: u64 = arg(args, 5, "SEED");
    let mut bot = Mcts::new(simulations).with_exploration(exploration);
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut game = Pig::new(&config(target)).unwrap();
    let mut legal = Vec::new();
    let (mut searches, mut seconds, mut simulations) = (0u64, 0f64, 0u64);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            ["new"] => {
                game = Pig::new(&config(target)).unwrap();
                "ok".to_string()
            }
            ["stats"] => format!("{searches} {seconds} {simulations}"),
            ["roll"] => ok(game.apply(PigAction::Roll)),
            ["hold"] => ok(game.apply(PigAction::Hold)),
            ["die", face] => ok(game.apply_chance(face.parse().unwrap_or(0))),
            ["move"] => match game.to_move() {
                ToMove::Player(seat) => {
                    game.legal_actions(&mut legal);
                    let view = game.view(Viewer::Seat(seat));
                    let start = Instant::now();
                    let choice = Agent::<Pig>::choose(&mut bot, seat, &view, &legal, &mut rng);
                    if legal.len() > 1 {
                        seconds += start.elapsed().as_secs_f64();
                        searches += 1;
                        simulations += u64::from(bot.iterations());
                    }
                    match choice {
                        Some(action) => action.to_string(),
                        None => "error no action".to_string(),
                    }
                }
                other => format!("error {other:?}"),
            },
            _ => format!("error unknown {line:?}"),
        };
        writeln!(out, "{reply}").unwrap();
        out.flush().unwrap();
    }
}

fn ok<E: std::fmt::Display>(result: Result<(), E>) -> String {
    match result {
        Ok(()) => "ok".to_string(),
        Err(e) => format!("error {e}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("speed") => speed(&args),
        Some("serve") => serve(&args),
        _ => {
            eprintln!(
                "usage: mcts_pig speed SIMULATIONS DECISIONS TARGET EXPLORATION | serve SIMULATIONS TARGET EXPLORATION SEED"
            );
            std::process::exit(2);
        }
    }
}

//! Age of War positions, rolls and random play for the integration tests.
#![allow(dead_code, reason = "each test file uses some of the builders")]
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "builders from literals written in tests: a typo is a failed test"
)]

use age_of_war_rules::dice::{Face, Roll};
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Castle, Chance};
use dice_core::Game;
use proptest::prelude::*;

/// A roll from the spec's shorthand: `1 2 3 A C D`.
pub fn roll(faces: &str) -> Roll {
    let faces: Vec<Face> = faces
        .split_whitespace()
        .map(|face| match face {
            "1" => Face::Infantry1,
            "2" => Face::Infantry2,
            "3" => Face::Infantry3,
            "A" => Face::Archery,
            "C" => Face::Cavalry,
            "D" => Face::Daimyo,
            other => panic!("no face {other}"),
        })
        .collect();
    Roll::from_faces(&faces).unwrap()
}

/// A position where `current` is about to roll seven dice, with these
/// castles in front of players (the rest in the centre), built through the
/// validating deserialiser.
pub fn position(players: usize, held: &[(Castle, usize)], current: usize) -> AgeOfWar {
    let table: Vec<serde_json::Value> = Castle::ALL
        .iter()
        .map(|castle| match held.iter().find(|(h, _)| h == castle) {
            Some((_, seat)) => serde_json::json!({ "player": seat }),
            None => serde_json::json!("centre"),
        })
        .collect();
    let json = serde_json::json!({
        "config": { "players": players },
        "table": table,
        "current": current,
        "phase": "rolling",
        "target": null,
        "filled": [],
        "placed": 0,
        "lost": 0,
        "roll": [],
    });
    serde_json::from_value(json).unwrap()
}

/// The JSON of [`position`].
pub fn position_json(
    players: usize,
    held: &[(Castle, usize)],
    current: usize,
) -> serde_json::Value {
    serde_json::to_value(position(players, held, current)).unwrap()
}

/// A new game of `players`.
pub fn new_game(players: usize) -> AgeOfWar {
    AgeOfWar::new(&AgeOfWarConfig::new(players)).unwrap()
}

/// A new game with `first` as first player, about to roll.
pub fn started(players: usize, first: usize) -> AgeOfWar {
    let mut game = new_game(players);
    game.apply_chance(Chance::FirstPlayer(first)).unwrap();
    game
}

/// Applies a roll given in shorthand.
pub fn rolls(game: &mut AgeOfWar, faces: &str) {
    game.apply_chance(Chance::Roll(roll(faces))).unwrap();
}

/// For each `(faces, line)` in turn: rolls `faces` (shorthand) and fills
/// `line` of `castle` with them.
pub fn fills(game: &mut AgeOfWar, castle: Castle, steps: &[(&str, u8)]) {
    for &(faces, line) in steps {
        rolls(game, faces);
        game.apply(fill(castle, line)).unwrap();
    }
}

/// A fill action.
pub fn fill(castle: Castle, line: u8) -> Action {
    Action::Fill { castle, line }
}

/// Plays a uniformly random game to the end from `game`, calling `each`
/// on every state reached (the first included).
pub fn random_game(game: AgeOfWar, seed: u64, mut each: impl FnMut(&AgeOfWar)) -> AgeOfWar {
    dice_core::testkit::random_steps(game, seed, usize::MAX, |state| {
        each(state);
        false
    })
}

/// A state reached by up to `steps` random steps of a new game.
pub fn reached(players: usize, seed: u64, steps: usize) -> AgeOfWar {
    dice_core::testkit::random_steps(new_game(players), seed, steps, |_| false)
}

/// Seat counts (2 to 6), seeds and step counts below `steps` for
/// [`reached`]: the random positions the property tests start from.
pub fn plays(steps: usize) -> impl Strategy<Value = (usize, u64, usize)> {
    (2usize..=6, any::<u64>(), 0..steps)
}

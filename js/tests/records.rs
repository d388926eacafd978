//! The records the JavaScript tests compare against (`test/fixtures/
//! records.json`): games played by the Rust engines through the registry,
//! each seat choosing `legal[rng.below(len)]` and chance drawn from the
//! same `DiceRng`, exactly as `test/records.test.mjs` plays them in
//! WebAssembly. `UPDATE_RECORDS=1 cargo test -p tabletop-engines-js`
//! rewrites the file.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "test helpers: a failure is a test failure"
)]

mod fixture;

use std::num::NonZeroU32;

use serde_json::{Value, json};
use tabletop_engines::dice_core::{DiceRng, ToMove};
use tabletop_engines::load_game;

/// Every game, at two table sizes where it seats more.
const GAMES: &[(&str, u64)] = &[
    ("pig", 1),
    ("pig(players=3,target=50)", 2),
    ("age-of-war", 3),
    ("age-of-war(players=4)", 4),
    ("armadora", 5),
    ("armadora(players=3)", 6),
    ("era", 7),
    ("era(players=3)", 8),
    ("liars-dice", 9),
    ("liars-dice(numdice=3)", 10),
];

/// A game bounded in steps, so a rule change that loops cannot hang.
const MAX_STEPS: usize = 50_000;

fn play(text: &str, seed: u64) -> Value {
    let game = load_game(text).unwrap();
    let mut state = game.new_initial_state();
    let mut rng = DiceRng::from_seed_u64(seed);
    for _ in 0..MAX_STEPS {
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                state.apply_sampled_chance(&mut rng).unwrap();
            }
            ToMove::Player(_) => {
                let legal = state.legal_actions();
                let len = NonZeroU32::new(u32::try_from(legal.len()).unwrap()).unwrap();
                let pick = usize::try_from(rng.below(len)).unwrap();
                state.apply(legal[pick]).unwrap();
            }
        }
    }
    assert_eq!(state.to_move(), ToMove::Over, "{text} did not end");
    json!({
        "game": text,
        "seed": seed,
        "returns": state.returns().unwrap(),
        "record": state.to_record_json(),
    })
}

#[test]
fn the_fixture_holds_the_rust_engines_records() {
    let games: Vec<Value> = GAMES.iter().map(|&(text, seed)| play(text, seed)).collect();
    let text = serde_json::to_string_pretty(&games).unwrap();
    fixture::check("records.json", &text, "the engines play");
}

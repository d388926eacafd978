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
use tabletop_engines::{catalogue, load_game};

/// Tables beyond every game's two (its default, and one seat more where
/// it seats more): other options of one game each.
const VARIANTS: &[&str] = &["pig(target=50)", "liars-dice(numdice=3)"];

/// Every game of the registry at its default table and, where it seats
/// more, at one seat more; then the [`VARIANTS`]. A new game joins with
/// its registration alone.
fn tables() -> Vec<String> {
    let mut tables = Vec::new();
    for game in catalogue() {
        tables.push(game.name.to_owned());
        if game.players < game.max_players {
            tables.push(format!(
                "{}(players={})",
                game.name,
                game.players.saturating_add(1)
            ));
        }
    }
    let registered = VARIANTS.iter().filter(|text| load_game(text).is_ok());
    tables.extend(registered.map(|&text| text.to_owned()));
    tables
}

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
    let games: Vec<Value> = tables()
        .iter()
        .zip(1..)
        .map(|(text, seed)| play(text, seed))
        .collect();
    let text = serde_json::to_string_pretty(&games).unwrap();
    fixture::check("records.json", &text, "the engines play");
}

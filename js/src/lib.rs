//! The npm package `tabletop-engines`: every game of the workspace in
//! WebAssembly, behind the Python package's surface in JavaScript's
//! naming (`loadGame`, `Game`, `State`, `DiceRng`, `Bot`). Refusals are
//! JavaScript `Error`s that carry the rule broken; no input reaches a
//! panic (the engines check every id, seat, record and parameter).

mod args;
mod bot;
mod errors;
mod game;
mod json;
mod rng;
mod state;
mod types;

use std::sync::Arc;

use wasm_bindgen::prelude::*;

pub use bot::Bot;
pub use game::Game;
pub use rng::DiceRng;
pub use state::State;

/// The names of every game, as `loadGame` knows them.
#[wasm_bindgen(js_name = gameNames)]
pub fn game_names() -> types::Names {
    tabletop_engines::game_names()
        .into_iter()
        .map(JsValue::from_str)
        .collect::<js_sys::Array>()
        .unchecked_into()
}

/// Loads a game from a game string, `loadGame("armadora(players=3)")`, or
/// from a name and its parameters, `loadGame("pig", {players: 3})`.
/// Parameters are the fields of the game's JSON config.
///
/// # Errors
/// A `GameLoadError` naming the bad parameter, or the unknown game.
#[wasm_bindgen(js_name = loadGame)]
pub fn load_game(text: &str, params: Option<types::ParamsInput>) -> Result<Game, JsValue> {
    let game = match params {
        None => tabletop_engines::load_game(text),
        Some(params) => {
            let json = json::text(&params, "the parameters")
                .map_err(|_| errors::load_message("the parameters are an object or JSON text"))?;
            tabletop_engines::load_game_json(text, &json)
        }
    }
    .map_err(|e| errors::load(&e))?;
    Ok(Game::new(Arc::from(game)))
}

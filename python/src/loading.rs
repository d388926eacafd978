//! `load_game`, `load_game_json` and `game_names`: every game through one
//! door, by name.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;
use tabletop_engines::AnyGame;

use crate::errors::load_error;
use crate::game::PyGame;
use crate::state::PyState;

static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// Loads a game from a game string, `"armadora(players=3,advanced=true)"`,
/// or from a name and a dict of parameters, `load_game("pig", {"players": 3})`
/// (OpenSpiel's two forms). Raises `GameLoadError` naming the bad parameter.
#[pyfunction]
#[pyo3(signature = (name, params = None))]
pub(crate) fn load_game(
    py: Python<'_>,
    name: &str,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    let game = match params {
        None => tabletop_engines::load_game(name),
        Some(params) => {
            let json: String = JSON_DUMPS
                .import(py, "json", "dumps")?
                .call1((params,))?
                .extract()?;
            tabletop_engines::load_game_json(name, &json)
        }
    }
    .map_err(|e| load_error(&e))?;
    Ok(PyGame::new(Arc::from(game)))
}

/// Loads a game from its name and its config as JSON text (missing fields
/// take their defaults).
#[pyfunction]
pub(crate) fn load_game_json(name: &str, config_json: &str) -> PyResult<PyGame> {
    let game = tabletop_engines::load_game_json(name, config_json).map_err(|e| load_error(&e))?;
    Ok(PyGame::new(Arc::from(game)))
}

/// The names of every game `load_game` knows (OpenSpiel's
/// `registered_names`).
#[pyfunction]
pub(crate) fn game_names() -> Vec<&'static str> {
    tabletop_engines::game_names()
}

/// The game a `Game` or a game string names.
pub(crate) fn resolve_game(game: &Bound<'_, PyAny>) -> PyResult<Arc<dyn AnyGame>> {
    if let Ok(game) = game.cast::<PyGame>() {
        return Ok(Arc::clone(&game.get().inner));
    }
    let text: String = game.extract()?;
    let game = tabletop_engines::load_game(&text).map_err(|e| load_error(&e))?;
    Ok(Arc::from(game))
}

/// Rebuilds a pickled state: its game's name and config, and its record.
#[pyfunction]
pub(crate) fn _restore_state(
    name: &str,
    config_json: &str,
    record_json: &str,
) -> PyResult<PyState> {
    let game: Arc<dyn AnyGame> =
        Arc::from(tabletop_engines::load_game_json(name, config_json).map_err(|e| load_error(&e))?);
    let state = game.load_state(record_json).map_err(|e| load_error(&e))?;
    Ok(PyState::new(game, state))
}

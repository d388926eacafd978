//! `load_game`, `load_game_json` and `game_names`: every game through one
//! door, by name, with OpenSpiel's parameter names where they differ.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;
use serde_json::{Map, Value};
use tabletop_engines::{AnyGame, GameString};

use crate::errors::{game_load_error, load_error};
use crate::game::PyGame;
use crate::params::to_engine;
use crate::state::PyState;

static JSON_DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A refusal of the parameters as a `GameLoadError`.
fn refused(py: Python<'_>, reason: String) -> PyErr {
    match game_load_error(py) {
        Ok(class) => PyErr::from_type(class, reason),
        Err(err) => err,
    }
}

/// The game `name` with `params` (Python's names), loaded.
fn load_with(py: Python<'_>, name: &str, params: Map<String, Value>) -> PyResult<Arc<dyn AnyGame>> {
    let params = to_engine(name, params).map_err(|reason| refused(py, reason))?;
    let json = Value::Object(params).to_string();
    let game = tabletop_engines::load_game_json(name, &json).map_err(|e| load_error(py, &e))?;
    Ok(Arc::from(game))
}

/// The game a game string names.
pub(crate) fn load_text(py: Python<'_>, text: &str) -> PyResult<Arc<dyn AnyGame>> {
    let spec: GameString = text.parse().map_err(|e| load_error(py, &e))?;
    load_with(py, spec.name(), spec.params().clone())
}

/// The game `name` with its config as JSON text.
pub(crate) fn load_json(
    py: Python<'_>,
    name: &str,
    config_json: &str,
) -> PyResult<Arc<dyn AnyGame>> {
    let params: Map<String, Value> = serde_json::from_str(config_json)
        .map_err(|e| refused(py, format!("a config is a JSON object: {e}")))?;
    load_with(py, name, params)
}

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
        None => load_text(py, name)?,
        Some(params) => {
            let json: String = JSON_DUMPS
                .import(py, "json", "dumps")?
                .call1((params,))?
                .extract()?;
            load_json(py, name, &json)?
        }
    };
    Ok(PyGame::new(game))
}

/// Loads a game from its name and its config as JSON text (missing fields
/// take their defaults).
#[pyfunction]
pub(crate) fn load_game_json(py: Python<'_>, name: &str, config_json: &str) -> PyResult<PyGame> {
    Ok(PyGame::new(load_json(py, name, config_json)?))
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
    load_text(game.py(), &text)
}

/// Rebuilds a pickled state: its game's name and config, and its record.
#[pyfunction]
pub(crate) fn _restore_state(
    py: Python<'_>,
    name: &str,
    config_json: &str,
    record_json: &str,
) -> PyResult<PyState> {
    let game = load_json(py, name, config_json)?;
    let state = game
        .load_state(record_json)
        .map_err(|e| load_error(py, &e))?;
    Ok(PyState::new(game, state))
}

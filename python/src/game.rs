//! `Game`: a game with its config, OpenSpiel's `pyspiel.Game`. Its Python
//! methods are in `game_api`, which makes states; states name their game
//! through this handle alone.

use std::sync::Arc;

use pyo3::prelude::*;
use tabletop_engines::AnyGame;

/// A game with its config: what `load_game` returns.
///
/// The same game loaded twice compares equal; a game pickles as its name and
/// config.
#[pyclass(module = "tabletop_engines._native", name = "Game", frozen)]
pub(crate) struct PyGame {
    pub(crate) inner: Arc<dyn AnyGame>,
}

impl PyGame {
    pub(crate) fn new(inner: Arc<dyn AnyGame>) -> Self {
        PyGame { inner }
    }

    /// The config as a JSON object.
    pub(crate) fn config_map(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::from_str(&self.inner.config_json()).unwrap_or_default()
    }
}

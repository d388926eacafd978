//! `Game`: a game with its config, OpenSpiel's `pyspiel.Game`. Its Python
//! methods are in `game_api` and `game_type`, which make states; states
//! name their game through this handle alone.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use tabletop_engines::AnyGame;

use crate::chance_lists::ChanceLists;
use crate::params::to_openspiel;

/// A game with its config: what `load_game` returns.
///
/// The same game loaded twice compares equal; a game pickles as its name and
/// config.
#[pyclass(module = "tabletop_engines._native", name = "Game", frozen)]
pub(crate) struct PyGame {
    pub(crate) inner: Arc<dyn AnyGame>,
    /// `get_type()`, made once.
    pub(crate) game_type: PyOnceLock<Py<PyAny>>,
    /// The outcome lists of the game's chance events, shared with its
    /// states.
    pub(crate) lists: Arc<ChanceLists>,
}

impl PyGame {
    pub(crate) fn new(inner: Arc<dyn AnyGame>) -> Self {
        Self::with_lists(inner, Arc::default())
    }

    /// The game `inner` sharing the outcome lists `lists` (a state's game).
    pub(crate) fn with_lists(inner: Arc<dyn AnyGame>, lists: Arc<ChanceLists>) -> Self {
        PyGame {
            inner,
            game_type: PyOnceLock::new(),
            lists,
        }
    }

    /// The config as a JSON object, in OpenSpiel's parameter names.
    pub(crate) fn config_map(&self) -> serde_json::Map<String, serde_json::Value> {
        to_openspiel(
            self.inner.name(),
            serde_json::from_str(&self.inner.config_json()).unwrap_or_default(),
        )
    }
}

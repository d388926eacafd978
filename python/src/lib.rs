//! The native half of the Python package `tabletop_engines`: every game of
//! the workspace behind OpenSpiel's Python surface (`load_game`, `Game`,
//! `State`), with batch functions that keep loops in Rust. The Python half
//! (`python/tabletop_engines`) adds the PettingZoo environments and
//! re-exports everything here.

mod arrays;
mod chance_lists;
mod errors;
mod facts;
mod game;
mod game_api;
mod game_string;
mod information;
mod ints;
mod loading;
mod params;
mod players;
mod random_games;
mod rng;
mod rollout;
mod state;
mod state_batch;

use pyo3::prelude::*;

/// Every tabletop game of the workspace through OpenSpiel's API.
#[pymodule]
mod _native {
    use pyo3::prelude::*;

    #[pymodule_export]
    use crate::errors::SpielError;
    #[pymodule_export]
    use crate::game::PyGame;
    #[pymodule_export]
    use crate::game_api::TensorBlock;
    #[pymodule_export]
    use crate::loading::{_restore_state, game_names, load_game, load_game_json};
    #[pymodule_export]
    use crate::random_games::{RandomGames, play_random_games};
    #[pymodule_export]
    use crate::rng::PyDiceRng;
    #[pymodule_export]
    use crate::rollout::RolloutEvaluator;
    #[pymodule_export]
    use crate::state::PyState;
    #[pymodule_export]
    use crate::state_batch::PyStateBatch;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        use crate::players;
        m.add(
            "IllegalActionError",
            crate::errors::illegal_action_error(m.py())?,
        )?;
        m.add("GameLoadError", crate::errors::game_load_error(m.py())?)?;
        m.add("INVALID_ACTION", players::INVALID_ACTION)?;
        m.add("CHANCE_PLAYER_ID", players::CHANCE)?;
        m.add("SIMULTANEOUS_PLAYER_ID", players::SIMULTANEOUS)?;
        m.add("INVALID_PLAYER_ID", players::INVALID)?;
        m.add("TERMINAL_PLAYER_ID", players::TERMINAL)?;
        m.add("SPECTATOR", players::SPECTATOR)?;
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}

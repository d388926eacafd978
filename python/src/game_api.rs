//! The Python methods of `Game`: sizes, tensor layout, parameters, and the
//! states it starts or reads back.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use crate::errors::{load_error, spiel_error};
use crate::facts::NO_LENGTH_BOUND;
use crate::game::PyGame;
use crate::game_string::game_string;
use crate::information::has_information_tensor;
use crate::players::player_range;
use crate::state::PyState;

static JSON_LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static MAKE_GAME_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// One named block of an observation tensor: `tensor[offset:offset+size]`.
#[pyclass(
    module = "tabletop_engines._native",
    name = "TensorBlock",
    frozen,
    get_all
)]
pub(crate) struct TensorBlock {
    /// A short name in snake case, e.g. `"scores"`.
    name: &'static str,
    /// Where the block starts in the tensor.
    offset: usize,
    /// How many numbers it holds.
    size: usize,
    /// What the numbers say, in a sentence.
    meaning: &'static str,
}

#[pymethods]
impl TensorBlock {
    fn __repr__(&self) -> String {
        format!(
            "TensorBlock(name={:?}, offset={}, size={}, meaning={:?})",
            self.name, self.offset, self.size, self.meaning
        )
    }
}

#[pymethods]
impl PyGame {
    /// The game's name, e.g. `"pig"` (OpenSpiel's `get_type().short_name`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// Seats at the table.
    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// Every action id is below this bound.
    fn num_distinct_actions(&self) -> u32 {
        self.inner.num_distinct_actions()
    }

    /// `[length]`: observation tensors are flat.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.observation_len()]
    }

    /// The number of floats in an observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.inner.observation_len()
    }

    /// The tensor's blocks, in order: what each slice of it means.
    fn observation_tensor_layout(&self) -> Vec<TensorBlock> {
        let mut offset = 0usize;
        self.inner
            .observation_layout()
            .into_iter()
            .map(|block| {
                let start = offset;
                offset = offset.saturating_add(block.len());
                TensorBlock {
                    name: block.name(),
                    offset: start,
                    size: block.len(),
                    meaning: block.meaning(),
                }
            })
            .collect()
    }

    /// The config as a dict: every parameter, defaults included, in
    /// OpenSpiel's names (Pig's `winscore`).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::Value::Object(self.config_map()).to_string();
        JSON_LOADS.import(py, "json", "loads")?.call1((text,))
    }

    /// OpenSpiel's `GameType`: names, dynamics (sequential), chance mode
    /// (explicit), information, utility (constant-sum or zero-sum), reward model
    /// (terminal), seat range and what the game provides. Its enum fields
    /// are pyspiel's own when OpenSpiel is installed.
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.game_type
            .get_or_try_init(py, || {
                let name = self.inner.name();
                let (min_players, max_players) = player_range(self.inner.as_ref());
                let defaults = crate::loading::load_text(py, name)?;
                let defaults = PyGame::new(defaults);
                let facts = pyo3::types::PyDict::new(py);
                facts.set_item("short_name", name)?;
                facts.set_item("long_name", self.inner.title())?;
                facts.set_item("perfect_information", self.inner.perfect_information())?;
                facts.set_item(
                    "information_state_tensor",
                    has_information_tensor(self.inner.as_ref()),
                )?;
                facts.set_item("zero_sum", self.inner.info().returns.kind == "zero_sum")?;
                facts.set_item("min_num_players", min_players)?;
                facts.set_item("max_num_players", max_players)?;
                facts.set_item("parameter_specification", defaults.get_parameters(py)?)?;
                Ok::<_, PyErr>(
                    MAKE_GAME_TYPE
                        .import(py, "tabletop_engines._game_type", "make_game_type")?
                        .call1((facts,))?
                        .unbind(),
                )
            })
            .map(|t| t.bind(py).clone())
    }

    /// The lowest return, as the game declares it: 0 (a seat that does not
    /// win), or -1 in a zero-sum game such as Liar's Dice.
    fn min_utility(&self) -> f64 {
        self.inner.utility().lowest()
    }

    /// The highest return: 1 (a sole winner).
    fn max_utility(&self) -> f64 {
        self.inner.utility().highest()
    }

    /// What the returns of a finished game sum to: 1 where the winners
    /// share the victory (constant-sum), 0 in a zero-sum game.
    fn utility_sum(&self) -> f64 {
        self.inner.utility().sum()
    }

    /// No bound is computed: `2**31 - 1` (Pig, Age of War and Era have none
    /// at all: a player can fail every roll forever).
    #[expect(clippy::unused_self, reason = "OpenSpiel's method takes self")]
    fn max_game_length(&self) -> i64 {
        NO_LENGTH_BOUND
    }

    /// As `max_game_length()`: moves are numbered one per id applied.
    #[expect(clippy::unused_self, reason = "OpenSpiel's method takes self")]
    fn max_move_number(&self) -> i64 {
        NO_LENGTH_BOUND
    }

    /// The most outcomes one chance event has (Pig 6, Age of War 792, ...).
    fn max_chance_outcomes(&self) -> u64 {
        self.inner.max_chance_outcomes()
    }

    /// `[length]` for a game of perfect information and for Liar's Dice,
    /// whose information state tensor is their observation tensor; raises
    /// `SpielError` for the other games with hidden information, which
    /// have none.
    fn information_state_tensor_shape(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        Ok(vec![self.information_state_tensor_size(py)?])
    }

    /// The length of `information_state_tensor_shape()`.
    fn information_state_tensor_size(&self, py: Python<'_>) -> PyResult<usize> {
        if has_information_tensor(self.inner.as_ref()) {
            Ok(self.inner.observation_len())
        } else {
            Err(spiel_error(
                py,
                format!(
                    "{} has hidden information and no information state tensor: use \
                     information_state_string, or observation_tensor",
                    self.inner.name()
                ),
            ))
        }
    }

    /// `[new_initial_state()]`: every game here has one initial state.
    fn new_initial_states(&self) -> Vec<PyState> {
        vec![self.new_initial_state()]
    }

    /// The config as JSON text (what `load_game_json` reads).
    fn config_json(&self) -> String {
        self.inner.config_json()
    }

    /// The game's first state.
    fn new_initial_state(&self) -> PyState {
        PyState::with_lists(
            Arc::clone(&self.inner),
            Arc::clone(&self.lists),
            self.inner.new_initial_state(),
        )
    }

    /// A state written by `State.serialize()`, replayed.
    fn deserialize_state(&self, py: Python<'_>, text: &str) -> PyResult<PyState> {
        let state = self
            .inner
            .load_state(text)
            .map_err(|e| load_error(py, &e))?;
        Ok(PyState::with_lists(
            Arc::clone(&self.inner),
            Arc::clone(&self.lists),
            state,
        ))
    }

    /// The game string that loads this game again (every parameter
    /// written out).
    fn __str__(&self) -> String {
        game_string(self.inner.name(), &self.config_map())
            .unwrap_or_else(|| format!("{} {}", self.inner.name(), self.inner.config_json()))
    }

    fn __repr__(&self) -> String {
        format!("load_game({:?})", self.__str__())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|other| {
            let other = other.get();
            other.inner.name() == self.inner.name()
                && other.inner.config_json() == self.inner.config_json()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut hasher = DefaultHasher::new();
        self.inner.name().hash(&mut hasher);
        self.inner.config_json().hash(&mut hasher);
        hasher.finish()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py
            .import("tabletop_engines._native")?
            .getattr("load_game_json")?;
        let args = (self.inner.name(), self.inner.config_json());
        PyTuple::new(py, [load, args.into_pyobject(py)?.into_any()])
    }
}
